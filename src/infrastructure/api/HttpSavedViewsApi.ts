import type { NewSavedView, SavedView, SavedViewChange } from '../../../shared/SavedView';
import type { HttpClient } from '../../domain/ports/HttpClient';
import type { SavedViewsApi } from '../../domain/ports/SavedViewsApi';

/** SavedViewsApi over the HttpClient: `GET`/`POST /me/views`, `PATCH`/`DELETE /me/views/{id}`. */
export class HttpSavedViewsApi implements SavedViewsApi {
  constructor(private readonly http: HttpClient) {}

  async list(): Promise<SavedView[]> {
    return (await this.http.get<{ items: SavedView[] }>('/me/views')).items;
  }

  create(view: NewSavedView): Promise<SavedView> {
    return this.http.post<SavedView>('/me/views', view);
  }

  change(id: string, change: SavedViewChange): Promise<SavedView> {
    // `put` goes out as PATCH (HttpClient).
    return this.http.put<SavedView>(`/me/views/${encodeURIComponent(id)}`, change);
  }

  async remove(id: string): Promise<void> {
    await this.http.delete<void>(`/me/views/${encodeURIComponent(id)}`);
  }
}
