import { observer } from 'mobx-react-lite';
import { type FocusEvent, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isPresenceField, type PresenceField } from '../../../shared/OrderPresence';
import { OrderPresenceStore } from '../../domain/stores/OrderPresenceStore';
import { useService } from '../services/useService';

/** The first letters of a name's first and last word: "Anna Berger" → "AB". */
function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '')).toUpperCase();
}

/** The field of the order form an element belongs to (its control's id is `order-<field>`), or null. */
function fieldOf(element: EventTarget | null): PresenceField | null {
  const id = element instanceof Element ? element.closest('[id^="order-"]')?.id : undefined;
  const field = id?.slice('order-'.length);
  return isPresenceField(field) ? field : null;
}

/** Focus handlers for the order form: the field focused is the one announced as edited. */
export function usePresenceEditing(): { onFocus(event: FocusEvent): void; onBlur(event: FocusEvent): void } {
  const presence = useService(OrderPresenceStore);
  return {
    onFocus: (event) => presence.edit(fieldOf(event.target)),
    // Moving to another field of the form is told by its focus, once.
    onBlur: (event) => (fieldOf(event.relatedTarget) ? undefined : presence.edit(null)),
  };
}

/**
 * "Also open: Anna Berger · editing notes": who else has the open order, live. Announces the order
 * as open while it is shown (OrderPresenceStore). A polite live region: a screen reader hears who
 * comes, goes and edits without losing its place.
 */
export const OrderPresenceNotice = observer(function OrderPresenceNotice({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const presence = useService(OrderPresenceStore);
  useEffect(() => {
    presence.open(orderId);
    return () => presence.close();
  }, [presence, orderId]);
  const others = presence.others;
  return (
    <div className="cockpit-order-presence" aria-live="polite" data-testid="order-presence">
      {others.length > 0 && (
        <p>
          {t('orderDetail.presence.alsoOpen')}{' '}
          {others.map((user, index) => (
            <span key={user.userId} className="cockpit-order-presence-person" data-user-id={user.userId}>
              {index > 0 && ', '}
              <span className="cockpit-order-presence-initials" aria-hidden="true">
                {initialsOf(user.name)}
              </span>{' '}
              {user.name}
              {user.editing && ` · ${t('orderDetail.presence.editing', { field: t(`orderDetail.presence.fields.${user.editing}`) })}`}
            </span>
          ))}
        </p>
      )}
    </div>
  );
});
