import type { FastifyInstance } from 'fastify';
import type { Language } from '../../shared/Language';
import type { NewSavedView, SavedView, SavedViewChange } from '../../shared/SavedView';
import { MAX_VIEWS_PER_USER, type ReceivedViewDefinition, savedViewProblems, viewDefinitionOf } from '../../shared/savedViewRules';
import { principalOf } from '../auth/authentication';
import { fieldError } from '../http/fieldErrors';
import { requestLocale } from '../http/locale';
import { ProblemError } from '../http/ProblemError';
import { isUuid } from '../http/uuid';
import type { SavedViewRepository, SavedViewValues } from './SavedViewRepository';

export interface SavedViewRoutesDeps {
  views: SavedViewRepository;
  clock: () => Date;
}

/** A view as the schema lets it through: every field of its type. */
type ReceivedView = ReceivedViewDefinition & { name: string };

interface IdParams {
  id: string;
}

function viewNotFound(): ProblemError {
  return new ProblemError('view-not-found');
}

function nameTaken(locale: Language): ProblemError {
  return new ProblemError('view-name-taken', { errors: [fieldError('name', 'viewNameTaken', locale)] });
}

/** The view to store: its name trimmed, its definition exactly its fields; 422 naming every field in error. */
function checkedView(view: ReceivedView, locale: Language): SavedViewValues {
  const problems = Object.entries(savedViewProblems(view));
  if (problems.length > 0) {
    const errors = problems.map(([field, { rule, limit, allowed }]) => fieldError(field, rule, locale, allowed?.join(', ') ?? String(limit ?? '')));
    throw new ProblemError('invalid-value', { errors });
  }
  return { name: view.name.trim(), definition: viewDefinitionOf(view) };
}

/**
 * The views of the orders list the signed-in user saved, theirs alone (any role): `GET /api/me/views`
 * (by name), `POST /api/me/views`, `PATCH /api/me/views/{id}` (the name, any field of the definition,
 * or both) and `DELETE /api/me/views/{id}`. Another user's view, of the same tenant or another, is
 * a 404 like an unknown one. A user's views have different names without regard to case (409) and
 * number at most `MAX_VIEWS_PER_USER` (422). Register behind authentication.
 */
export function registerSavedViewRoutes(app: FastifyInstance, deps: SavedViewRoutesDeps): void {
  app.get('/api/me/views', async (request, reply): Promise<{ items: SavedView[] }> => {
    reply.header('cache-control', 'no-store');
    return { items: await deps.views.list(principalOf(request).userId) };
  });

  app.post<{ Body: NewSavedView }>('/api/me/views', async (request, reply): Promise<SavedView> => {
    const locale = requestLocale(request);
    const values = checkedView(request.body, locale);
    const view = await deps.views.create(principalOf(request).userId, values, deps.clock(), MAX_VIEWS_PER_USER);
    if (view === 'name-taken') throw nameTaken(locale);
    if (view === 'limit-reached') {
      throw new ProblemError('invalid-value', { errors: [fieldError('name', 'viewLimit', locale, String(MAX_VIEWS_PER_USER))] });
    }
    return reply.code(201).header('location', `/api/me/views/${view.id}`).header('cache-control', 'no-store').send(view);
  });

  app.patch<{ Params: IdParams; Body: SavedViewChange }>('/api/me/views/:id', async (request, reply): Promise<SavedView> => {
    const locale = requestLocale(request);
    const { id } = request.params;
    if (!isUuid(id)) throw viewNotFound();
    // The view as it would be, checked whole: a bound sent alone is checked against the other as stored.
    const view = await deps.views.change(principalOf(request).userId, id, (current) => checkedView({ ...current, ...request.body }, locale), deps.clock());
    if (view === 'not-found') throw viewNotFound();
    if (view === 'name-taken') throw nameTaken(locale);
    reply.header('cache-control', 'no-store');
    return view;
  });

  app.delete<{ Params: IdParams }>('/api/me/views/:id', async (request, reply) => {
    const { id } = request.params;
    if (!isUuid(id) || !(await deps.views.delete(principalOf(request).userId, id))) throw viewNotFound();
    return reply.code(204).send();
  });
}
