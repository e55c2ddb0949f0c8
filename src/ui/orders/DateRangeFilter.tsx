import { Button, ButtonGroup } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RANGE_PRESETS } from '../../domain/model/DayRange';
import { SessionStore } from '../../domain/ports/SessionStore';
import { OrdersFilterStore } from '../../domain/stores/OrdersFilterStore';
import { useService } from '../services/useService';
import { DayInput } from './DayInput';

/** From/To day inputs (spec: "From"/"Von", "To"/"Bis") and the range presets. */
export const DateRangeFilter = observer(function DateRangeFilter() {
  const { t } = useTranslation();
  const filter = useService(OrdersFilterStore);
  const session = useService<SessionStore>(SessionStore);
  const [refused, setRefused] = useState<'begin' | 'end' | null>(null);
  const { begin, end } = filter.range;
  const take = (field: 'begin' | 'end', day: string) => {
    const accepted = filter.setRange(field === 'begin' ? { begin: day, end } : { begin, end: day });
    setRefused(accepted ? null : field);
  };
  return (
    <div className="cockpit-range-filter" data-tour="date-filter">
      <DayInput
        id="filter-begin"
        label={t('filter.from')}
        value={begin}
        max={end}
        language={session.language}
        onChange={(day) => take('begin', day)}
        error={refused === 'begin' ? t('filter.beginAfterEnd') : null}
      />
      <DayInput
        id="filter-end"
        label={t('filter.to')}
        value={end}
        min={begin}
        language={session.language}
        onChange={(day) => take('end', day)}
        error={refused === 'end' ? t('filter.beginAfterEnd') : null}
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
