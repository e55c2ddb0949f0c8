import { Button, Checkbox } from '@blueprintjs/core';
import { ArrowDownIcon, ArrowUpIcon, ColumnLayoutIcon, ResetIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderColumn } from '../../../shared/OrderColumn';
import { OrderColumnsStore } from '../../domain/stores/OrderColumnsStore';
import { useService } from '../services/useService';
import { LazyPopover } from '../shell/LazyPopover';
import './ColumnsMenu.css';

/**
 * The "Columns" button of the orders toolbar: which columns the grid shows and in which order
 * (`OrderColumnsStore`). Its popover comes with the overlays after the first screen (`LazyPopover`).
 */
export function ColumnsMenu() {
  const { t } = useTranslation();
  return (
    <LazyPopover
      placement="bottom-end"
      target={(onClick) => <Button variant="minimal" icon={<ColumnLayoutIcon />} text={t('orders.columnsMenu.open')} onClick={onClick} data-testid="columns-menu" />}
      content={() => <ColumnsPanel />}
    />
  );
}

type Direction = 'up' | 'down';

/** The move buttons of a column: one place left in the grid (up in the list), one place right (down). */
const MOVES = [
  { direction: 'up', icon: <ArrowUpIcon />, label: 'orders.columnsMenu.moveUp' },
  { direction: 'down', icon: <ArrowDownIcon />, label: 'orders.columnsMenu.moveDown' },
] as const;

/**
 * A checkbox per column (the columns shown first, in their order, then the others), buttons that
 * move a shown column one place left (up) or right (down), and the way back to the default. The
 * last column shown cannot be unchecked; a note says why.
 */
export const ColumnsPanel = observer(function ColumnsPanel() {
  const { t } = useTranslation();
  const store = useService(OrderColumnsStore);
  const panel = useRef<HTMLDivElement>(null);
  const lastShownNote = useId();
  // The move button pressed, to keep the focus on it when its row has moved (React moves the row's
  // element, which takes the focus from it).
  const [moved, setMoved] = useState<{ column: OrderColumn; direction: Direction } | null>(null);
  const { shown: columns, narrowed } = store;
  const onlyOne = columns.length === 1;

  useEffect(() => {
    if (!moved) return;
    const button = (direction: Direction) => panel.current?.querySelector<HTMLButtonElement>(`[data-column="${moved.column}"] [data-move="${direction}"]`);
    const same = button(moved.direction);
    // At the end it went to, the other direction's button.
    (same && !same.disabled ? same : button(moved.direction === 'up' ? 'down' : 'up'))?.focus();
  }, [moved, columns]);

  const move = (column: OrderColumn, direction: Direction) => {
    if (direction === 'up') store.moveUp(column);
    else store.moveDown(column);
    setMoved({ column, direction });
  };

  const row = (column: OrderColumn) => {
    const index = columns.indexOf(column);
    const shown = index >= 0;
    const name = t(`orders.columns.${column}`);
    const locked = shown && onlyOne;
    return (
      <li key={column} className="cockpit-columns-item" data-column={column}>
        <span className="cockpit-columns-check" title={locked ? t('orders.columnsMenu.lastShown') : undefined}>
          <Checkbox
            checked={shown}
            disabled={locked}
            label={name}
            aria-describedby={locked ? lastShownNote : undefined}
            onChange={() => (shown ? store.hide(column) : store.show(column))}
          />
        </span>
        {MOVES.map(({ direction, icon, label }) => (
          <Button
            key={direction}
            variant="minimal"
            size="small"
            icon={icon}
            aria-label={t(label, { column: name })}
            title={t(label, { column: name })}
            disabled={!shown || index === (direction === 'up' ? 0 : columns.length - 1)}
            onClick={() => move(column, direction)}
            data-move={direction}
          />
        ))}
      </li>
    );
  };

  return (
    <div className="cockpit-columns-menu" ref={panel} data-testid="columns-panel">
      {narrowed && (
        <p className="cockpit-columns-note" data-testid="columns-narrowed">
          {t(`orders.columnsMenu.narrowed.${narrowed}`)}
        </p>
      )}
      <ol className="cockpit-columns-list" aria-label={t('orders.columnsMenu.title')}>
        {columns.map(row)}
        {store.hidden.map(row)}
      </ol>
      {onlyOne && (
        <p id={lastShownNote} className="cockpit-columns-note">
          {t('orders.columnsMenu.lastShown')}
        </p>
      )}
      <Button variant="minimal" icon={<ResetIcon />} text={t('orders.columnsMenu.reset')} disabled={store.isDefault} onClick={() => store.reset()} />
    </div>
  );
});
