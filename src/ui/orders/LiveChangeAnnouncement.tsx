import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../shared/Language';
import { SessionStore } from '../../domain/ports/SessionStore';
import { LiveChangeAnnouncer, type ListChangeAnnouncement } from '../../domain/stores/LiveChangeAnnouncer';
import { formatCount } from '../format/formatCount';
import { useService } from '../services/useService';
import './LiveChangeAnnouncement.css';

type Translate = (key: string, options: Record<string, unknown>) => string;

/** The words of one announcement ("3 orders changed, 1 new"), in the language with its counts. */
export function announcementText(announcement: ListChangeAnnouncement, t: Translate, language: Language): string {
  const parts: string[] = [];
  const part = (key: 'changed' | 'created' | 'removed') => {
    const count = announcement[key];
    if (count > 0) {
      parts.push(t(`liveAnnouncement.${key}`, { count, formatted: formatCount(count, language) }));
    }
  };
  part('changed');
  part('created');
  part('removed');
  return parts.join(t('liveAnnouncement.separator', {}));
}

/**
 * A visually hidden polite live region that says what the live stream changed in the list, as
 * often as {@link LiveChangeAnnouncer} allows. It is on screen (empty) before the first change, as
 * screen readers only announce changes of a region they already know. An announcement with the
 * same words as the one before ends in a no-break space or not by turns, so that it is read again.
 */
export const LiveChangeAnnouncement = observer(function LiveChangeAnnouncement() {
  const { t } = useTranslation();
  const announcer = useService(LiveChangeAnnouncer);
  const session = useService<SessionStore>(SessionStore);
  const { announcement } = announcer;
  const text = announcement ? announcementText(announcement, t, session.language) + (announcement.sequence % 2 === 0 ? '\u00a0' : '') : '';
  return (
    <div className="cockpit-visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="live-announcement">
      {text}
    </div>
  );
});
