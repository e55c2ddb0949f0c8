import { observer } from 'mobx-react-lite';
import { SessionStore } from '../../domain/ports/SessionStore';
import { useService } from '../services/useService';
import { companyBandStyle } from './companyBand';

/** The company's name in its colours at the top of a printed page, with what the page is on the right. */
export const CompanyBand = observer(function CompanyBand({ title }: { title: string }) {
  const session = useService<SessionStore>(SessionStore);
  const style = companyBandStyle(session.colors);
  return (
    <header className="cockpit-print-band">
      <div className="cockpit-print-company" style={style.band}>
        <span className="cockpit-print-company-name">{session.user?.tenant.name ?? ''}</span>
        <span className="cockpit-print-page-title">{title}</span>
      </div>
      <div className="cockpit-print-rule" style={style.rule} />
    </header>
  );
});
