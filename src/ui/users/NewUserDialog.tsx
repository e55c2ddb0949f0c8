import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '../../../shared/Language';
import { isRole, ROLES } from '../../../shared/Role';
import { USER_NAME_MAX_LENGTH } from '../../../shared/userAccountRules';
import { type NewUserField, NewUserStore } from '../../domain/stores/NewUserStore';
import { CheckedTextField } from '../forms/CheckedTextField';
import { useService } from '../services/useService';

/**
 * Adding a user: name and e-mail checked as typed (by the backend's rules), role and language.
 * Saved, the dialog closes and the one-time password is handed over (OneTimePasswordDialog).
 */
export const NewUserDialog = observer(function NewUserDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const store = useService(NewUserStore);

  useEffect(() => {
    if (isOpen) store.reset();
  }, [isOpen, store]);

  const message = (field: NewUserField): string | undefined => {
    const backend = store.fieldErrors[field];
    if (backend) return backend;
    const problem = store.revealed[field] ? store.problems[field] : undefined;
    return problem ? t(`users.problems.${problem}`, { max: USER_NAME_MAX_LENGTH }) : undefined;
  };

  const textField = (field: 'name' | 'email', type: string, autoFocus = false) => (
    <CheckedTextField
      id={`new-user-${field}`}
      label={t(`users.${field}`)}
      type={type}
      autoFocus={autoFocus}
      value={store.draft[field]}
      error={message(field)}
      disabled={store.saving}
      onChange={(value) => store.edit(field, value)}
      onBlur={() => store.reveal(field)}
    />
  );

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('users.addTitle')} className="cockpit-new-user-dialog">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void store.save().then((saved) => saved && onClose());
        }}
      >
        <DialogBody>
          {textField('name', 'text', true)}
          {textField('email', 'email')}
          <FormGroup label={t('users.role')} labelFor="new-user-role" helperText={t(`users.roleHint.${store.draft.role}`)}>
            <HTMLSelect
              id="new-user-role"
              value={store.draft.role}
              disabled={store.saving}
              onChange={(event) => {
                const role = event.currentTarget.value;
                if (isRole(role)) store.edit('role', role);
              }}
              options={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
            />
          </FormGroup>
          <FormGroup label={t('users.language')} labelFor="new-user-language">
            <HTMLSelect
              id="new-user-language"
              value={store.draft.language}
              disabled={store.saving}
              onChange={(event) => {
                const language = event.currentTarget.value;
                if (isLanguage(language)) store.edit('language', language);
              }}
              options={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
            />
          </FormGroup>
          {store.errorKey && (
            <Callout intent="danger" role="alert" title={t('users.addFailed')}>
              {t(store.errorKey)}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('users.cancel')} onClick={onClose} disabled={store.saving} />
              <Button type="submit" intent="primary" text={t('users.create')} loading={store.saving} />
            </>
          }
        />
      </form>
    </Dialog>
  );
});
