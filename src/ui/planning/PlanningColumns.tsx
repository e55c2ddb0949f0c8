import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../shared/Language';
import type { PlanningGrid } from '../../domain/model/planning/PlanningGrid';
import { formatLocalDate } from '../format/dates';

/**
 * The time axis: a heading per day (weekday and date) or per hour, each as wide as the time it takes.
 * Drawn again only when the grid or the language changes (its weekday formatter is costly to make),
 * not whenever the board is, as it is on every step of a drag.
 */
export const PlanningColumns = memo(function PlanningColumns({ grid }: { grid: PlanningGrid }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const weekday = new Intl.DateTimeFormat(language, { weekday: 'short' });
  const span = grid.end - grid.start;
  return (
    <div className="cockpit-planning-row cockpit-planning-head" role="row">
      <div className="cockpit-planning-station" role="columnheader">
        {t('planning.station')}
      </div>
      <div className="cockpit-planning-track" role="presentation">
        {grid.columns.map((column) => (
          <div
            key={column.start}
            className="cockpit-planning-column"
            role="columnheader"
            style={{ left: `${((column.start - grid.start) / span) * 100}%`, width: `${((column.end - column.start) / span) * 100}%` }}
          >
            {column.hour === null ? `${weekday.format(new Date(column.start))} ${formatLocalDate(column.day, language)}` : `${String(column.hour).padStart(2, '0')}:00`}
          </div>
        ))}
      </div>
    </div>
  );
});
