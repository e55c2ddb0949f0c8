import { Button, ButtonGroup } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayBounds, dayRangeFault, FIRST_DAY, LAST_DAY, RANGE_PRESETS, type DayRange, type DayRangeFault } from '../../domain/model/DayRange';
import { MAX_RANGE_DAYS } from '../../../shared/instant';
import type { Language } from '../../../shared/Language';
import { SessionStore } from '../../domain/ports/SessionStore';
import { OrdersFilterStore } from '../../domain/stores/OrdersFilterStore';
import { formatLocalDate } from '../format/dates';
import { useService } from '../services/useService';
import { DayInput } from './DayInput';

interface Refusal {
  field: keyof DayRange;
  fault: DayRangeFault;
}

/**
 * From/To day inputs ("From"/"Von", "To"/"Bis") and the range presets. A day that would
 * make a range the API refuses is not applied; the field it was typed into says why, and each
 * calendar offers only the days its end may move to.
 */
export const DateRangeFilter = observer(function DateRangeFilter() {
  const { t } = useTranslation();
  const filter = useService(OrdersFilterStore);
  const session = useService<SessionStore>(SessionStore);
  const [refused, setRefused] = useState<Refusal | null>(null);
  const range = filter.range;
  const take = (field: keyof DayRange, day: string) => {
    const next = { ...range, [field]: day };
    setRefused(filter.setRange(next) ? null : { field, fault: dayRangeFault(next) ?? 'notADay' });
  };
  const errorOf = (field: keyof DayRange) => (refused?.field === field ? faultText(t, refused.fault, session.language) : null);
  const beginBounds = dayBounds(range, 'begin');
  const endBounds = dayBounds(range, 'end');
  return (
    <div className="cockpit-range-filter" data-tour="date-filter">
      <DayInput
        id="filter-begin"
        label={t('filter.from')}
        value={range.begin}
        min={beginBounds.min}
        max={beginBounds.max}
        language={session.language}
        onChange={(day) => take('begin', day)}
        error={errorOf('begin')}
      />
      <DayInput
        id="filter-end"
        label={t('filter.to')}
        value={range.end}
        min={endBounds.min}
        max={endBounds.max}
        language={session.language}
        onChange={(day) => take('end', day)}
        error={errorOf('end')}
      />
      <ButtonGroup className="cockpit-range-presets" variant="minimal">
        {RANGE_PRESETS.map((preset) => (
          <Button
            key={preset}
            text={t(`filter.presets.${preset}`)}
            onClick={() => {
              setRefused(null);
              filter.applyPreset(preset);
            }}
          />
        ))}
      </ButtonGroup>
    </div>
  );
});

/** Why a day was not applied, in the operator's language. */
function faultText(t: TFunction, fault: DayRangeFault, language: Language): string {
  switch (fault) {
    case 'reversed':
      return t('filter.beginAfterEnd');
    case 'tooLong':
      return t('filter.rangeTooLong', { days: MAX_RANGE_DAYS });
    case 'outOfBounds':
      return t('filter.dayOutOfBounds', { first: formatLocalDate(FIRST_DAY, language), last: formatLocalDate(LAST_DAY, language) });
    case 'notADay':
      return t('filter.invalidShort');
  }
}
