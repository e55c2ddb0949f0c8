import { Button, Callout, Dialog, DialogBody, DialogFooter, InputGroup } from '@blueprintjs/core';
import { DuplicateIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UsersStore } from '../../domain/stores/UsersStore';
import { useService } from '../services/useService';

/**
 * The one-time password of a user just added or reset, shown this once with the way to copy it:
 * the backend keeps only its hash, and the user chooses their own at their first sign-in.
 */
export const OneTimePasswordDialog = observer(function OneTimePasswordDialog() {
  const { t } = useTranslation();
  const store = useService(UsersStore);
  const [copied, setCopied] = useState(false);
  const handedOut = store.handedOut;
  const close = () => {
    setCopied(false);
    store.closeHandedOut();
  };
  return (
    <Dialog isOpen={handedOut !== null} onClose={close} title={t('users.oneTimePasswordTitle')} canOutsideClickClose={false}>
      {handedOut && (
        <>
          <DialogBody>
            <p>{t('users.oneTimePasswordFor', { name: handedOut.user.name, email: handedOut.user.email })}</p>
            <InputGroup
              readOnly
              value={handedOut.oneTimePassword}
              aria-label={t('users.oneTimePassword')}
              data-testid="one-time-password"
              className="cockpit-one-time-password"
              onFocus={(event) => event.currentTarget.select()}
              rightElement={
                <Button
                  variant="minimal"
                  icon={<DuplicateIcon />}
                  aria-label={t('users.copy')}
                  onClick={() => {
                    void navigator.clipboard?.writeText(handedOut.oneTimePassword).then(() => setCopied(true), () => setCopied(false));
                  }}
                />
              }
            />
            {copied && <p role="status">{t('users.copied')}</p>}
            <Callout intent="warning" className="cockpit-one-time-password-hint">
              {t('users.oneTimePasswordHint')}
            </Callout>
          </DialogBody>
          <DialogFooter actions={<Button intent="primary" text={t('users.done')} onClick={close} />} />
        </>
      )}
    </Dialog>
  );
});
