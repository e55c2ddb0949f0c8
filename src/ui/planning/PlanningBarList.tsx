import { observer } from 'mobx-react-lite';
import type { PlanningBar } from '../../domain/model/planning/boardLayout';
import { PlanningBoardStore } from '../../domain/stores/PlanningBoardStore';
import { useService } from '../services/useService';
import { useBarMarks } from './BarMarks';
import { PlanningBarView, type BarViewShared } from './PlanningBarView';

export interface PlanningBarListProps extends BarViewShared {
  /** Bars as saved (a chunk of `PlanningBoardStore.barChunks`, or some of them). */
  bars: readonly PlanningBar[];
  /** The bar among them being moved (its row draws it where it would go), left out here. */
  hidden: string | null;
  tabStop: string | null;
}

/**
 * Some of a row's bars as saved: drawn again only when they, the bar left out, the Tab stop, the
 * language or a bar's marks (booked twice, changed by whom) do, not when the bar being moved goes a step
 * further (its row draws that one).
 */
export const PlanningBarList = observer(function PlanningBarList({ bars, hidden, tabStop, ...shared }: PlanningBarListProps) {
  const board = useService(PlanningBoardStore);
  const marksOf = useBarMarks();
  return (
    <>
      {bars.map((bar) =>
        bar.order.id === hidden ? null : (
          <PlanningBarView
            key={bar.order.id}
            {...bar}
            {...marksOf(bar.order, board.changedElsewhere.has(bar.order.id))}
            moving={false}
            tabStop={bar.order.id === tabStop}
            {...shared}
          />
        ),
      )}
    </>
  );
});
