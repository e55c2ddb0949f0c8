import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup } from '@blueprintjs/core';
import { FloppyDiskIcon, TrashIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedView } from '../../../shared/SavedView';
import { MAX_VIEW_NAME_LENGTH } from '../../../shared/savedViewRules';
import type { FormFailure } from '../../domain/model/formFailure';
import type { OrderCriteria } from '../../domain/model/orderQuery';
import { SavedViewsStore, type ViewNameProblem } from '../../domain/stores/SavedViewsStore';
import { CheckedTextField } from '../forms/CheckedTextField';
import { useService } from '../services/useService';

export interface ViewsDialogProps {
  isOpen: boolean;
  onClose(): void;
  criteria: OrderCriteria;
}

/** The message of a name: the backend's refusal, else the rule it breaks as typed (once shown), else none. */
function useNameMessage() {
  const { t } = useTranslation();
  return (problem: ViewNameProblem | null, failure: FormFailure<'name'> | null, revealed: boolean): string | undefined => {
    if (failure?.fieldErrors.name) return failure.fieldErrors.name;
    return revealed && problem ? t(`views.problems.${problem}`, { max: MAX_VIEW_NAME_LENGTH }) : undefined;
  };
}

/** One saved view: rename it, save what the list shows into it, or delete it (asked twice). */
const ViewRow = observer(function ViewRow({ view, criteria }: { view: SavedView; criteria: OrderCriteria }) {
  const { t } = useTranslation();
  const views = useService(SavedViewsStore);
  const nameMessage = useNameMessage();
  const [name, setName] = useState(view.name);
  const [failure, setFailure] = useState<FormFailure<'name'> | null>(null);
  const [deleting, setDeleting] = useState(false);
  const problem = views.nameProblem(name, view.id);
  const renamed = name.trim() !== view.name;
  const rename = async (event: FormEvent) => {
    event.preventDefault();
    if (renamed && !problem) setFailure(await views.rename(view.id, name));
  };
  return (
    <li className="cockpit-view-row" data-testid="saved-view">
      <form onSubmit={(event) => void rename(event)} className="cockpit-view-rename">
        <CheckedTextField
          id={`view-name-${view.id}`}
          label={t('views.name')}
          value={name}
          error={nameMessage(problem, failure, renamed)}
          disabled={views.busy}
          onChange={(value) => {
            setName(value);
            setFailure(null);
          }}
          onBlur={() => undefined}
        />
        <Button type="submit" text={t('views.rename')} disabled={!renamed || problem !== null || views.busy} />
      </form>
      <span className="cockpit-view-actions">
        <Button
          variant="minimal"
          icon={<FloppyDiskIcon />}
          text={t('views.saveInto')}
          title={t('views.saveIntoHint', { name: view.name })}
          disabled={views.busy}
          onClick={() => void views.redefine(view.id, criteria)}
        />
        <Button
          variant={deleting ? 'solid' : 'minimal'}
          intent="danger"
          icon={<TrashIcon />}
          text={t(deleting ? 'views.confirmDelete' : 'views.delete')}
          aria-label={t(deleting ? 'views.confirmDeleteNamed' : 'views.deleteNamed', { name: view.name })}
          disabled={views.busy}
          onClick={() => (deleting ? void views.remove(view.id) : setDeleting(true))}
          onBlur={() => setDeleting(false)}
        />
      </span>
    </li>
  );
});

/**
 * Saves what the orders list shows (days, filter, sort, columns) as a named view, and renames,
 * overwrites or deletes the operator's views. Names are checked as typed by the backend's rules
 * (required, at most 80 characters, each name once); the backend's refusal stands at the name.
 */
export const ViewsDialog = observer(function ViewsDialog({ isOpen, onClose, criteria }: ViewsDialogProps) {
  const { t } = useTranslation();
  const views = useService(SavedViewsStore);
  const nameMessage = useNameMessage();
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<FormFailure<'name'> | null>(null);
  const problem = views.nameProblem(name);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem) return;
    const refused = await views.save(name, criteria);
    setFailure(refused);
    if (!refused) {
      setName('');
      setTried(false);
    }
  };

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('views.dialogTitle')} className="cockpit-views-dialog" onOpening={() => void views.load()}>
      <DialogBody>
        <form onSubmit={(event) => void save(event)} className="cockpit-view-save" data-testid="save-view">
          <CheckedTextField
            id="new-view-name"
            label={t('views.saveCurrent')}
            autoFocus
            value={name}
            error={nameMessage(problem, failure, tried || name !== '')}
            disabled={views.busy}
            onChange={(value) => {
              setName(value);
              setFailure(null);
            }}
            onBlur={() => undefined}
          />
          <Button type="submit" intent="primary" icon={<FloppyDiskIcon />} text={t('views.save')} loading={views.busy} />
        </form>
        {failure?.errorKey && <Callout intent="danger">{t(failure.errorKey)}</Callout>}
        <FormGroup label={t('views.saved')} className="cockpit-views-list">
          {views.views.length === 0 ? (
            <p className="bp6-text-muted">{t(views.state === 'error' ? 'views.loadFailed' : 'views.none')}</p>
          ) : (
            <ul>
              {views.views.map((view) => (
                <ViewRow key={`${view.id} ${view.updatedAt}`} view={view} criteria={criteria} />
              ))}
            </ul>
          )}
        </FormGroup>
      </DialogBody>
      <DialogFooter actions={<Button text={t('views.close')} onClick={onClose} />} />
    </Dialog>
  );
});
