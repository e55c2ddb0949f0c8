import type { NewSavedView, SavedView, SavedViewChange } from '../../../shared/SavedView';

/** The signed-in user's saved views of the orders list (`/api/me/views`), kept on the server. */
export interface SavedViewsApi {
  list(): Promise<SavedView[]>;
  create(view: NewSavedView): Promise<SavedView>;
  change(id: string, change: SavedViewChange): Promise<SavedView>;
  remove(id: string): Promise<void>;
}

export const SavedViewsApi = Symbol('SavedViewsApi');
