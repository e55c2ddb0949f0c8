import { Button, FormGroup } from '@blueprintjs/core';
import { BlankIcon, BookmarkIcon, CaretDownIcon, CogIcon, TickIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderCriteria } from '../../domain/model/orderQuery';
import { DEFAULT_VIEW } from '../../domain/model/orderView';
import { SavedViewsStore } from '../../domain/stores/SavedViewsStore';
import { whenPaintedAndIdle } from '../routing/afterFirstScreen';
import { useService } from '../services/useService';
import { LazyPopover } from '../shell/LazyPopover';

/** The dialog that saves, renames and deletes views, a chunk of its own: loaded when first opened. */
const ViewsDialog = lazy(() => import(/* webpackChunkName: "views" */ './ViewsDialog').then((m) => ({ default: m.ViewsDialog })));

export interface ViewsMenuProps {
  criteria: OrderCriteria;
  /** Puts a view's criteria into the URL (its days and columns the store sets). */
  onCriteria(criteria: OrderCriteria): void;
}

/** A tick at the view shown, told to assistive technology as the current one. */
function marked(current: boolean) {
  return { icon: current ? <TickIcon /> : <BlankIcon />, 'aria-current': current || undefined } as const;
}

/**
 * The views of the orders list: the default one (this week, every order), the operator's saved
 * ones (the one shown marked, its name on the button), and the dialog that saves the current one
 * and renames or deletes them.
 */
export const ViewsMenu = observer(function ViewsMenu({ criteria, onCriteria }: ViewsMenuProps) {
  const { t } = useTranslation();
  const views = useService(SavedViewsStore);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogOpened, setDialogOpened] = useState(false);

  // The names are read once the first rows have painted, so the button can name the view shown.
  useEffect(() => whenPaintedAndIdle(window, () => void views.load()), [views]);

  const shown = views.shown(criteria);
  const name = shown === 'default' ? t('views.default') : (shown?.name ?? t('views.title'));
  const openDialog = () => {
    setDialogOpened(true);
    setDialogOpen(true);
  };
  return (
    <FormGroup label={t('views.title')} className="cockpit-views-filter">
      <LazyPopover
        onOpening={() => void views.load()}
        target={(onClick) => (
          <Button icon={<BookmarkIcon />} endIcon={<CaretDownIcon />} text={name} aria-label={t('views.menu', { name })} onClick={onClick} data-testid="views-menu" />
        )}
        content={({ Menu, MenuDivider, MenuItem }) => (
          <Menu aria-label={t('views.title')}>
            <MenuItem text={t('views.default')} {...marked(shown === 'default')} onClick={() => onCriteria(views.apply(DEFAULT_VIEW))} />
            {views.views.length > 0 && <MenuDivider title={t('views.saved')} />}
            {views.views.map((view) => (
              <MenuItem
                key={view.id}
                text={view.name}
                {...marked(shown !== 'default' && shown?.id === view.id)}
                onClick={() => onCriteria(views.apply(view))}
              />
            ))}
            {views.state === 'error' && views.views.length === 0 && <MenuItem disabled text={t('views.loadFailed')} />}
            <MenuDivider />
            <MenuItem icon={<CogIcon />} text={t('views.manage')} onClick={openDialog} data-testid="manage-views" />
          </Menu>
        )}
      />
      {dialogOpened && (
        <Suspense fallback={null}>
          <ViewsDialog isOpen={dialogOpen} onClose={() => setDialogOpen(false)} criteria={criteria} />
        </Suspense>
      )}
    </FormGroup>
  );
});
