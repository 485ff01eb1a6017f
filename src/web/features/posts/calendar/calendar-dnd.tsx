import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  type KeyboardCoordinateGetter,
  MouseSensor,
  TouchSensor,
  type UniqueIdentifier,
  closestCenter,
  pointerWithin,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../domain/post.ts';
import { useTimeOfDay } from '../../../lib/format-time.ts';
import { type CalendarView, quarterOf } from './calendar-days.ts';
import { useCalendarLabels } from './calendar-labels.ts';
import { CalendarPostOverlay } from './calendar-post.tsx';
import { type ArrowKey, type DropTarget, dropTargetId, neighbourOf, parseDropTarget } from './drop-targets.ts';

const ARROWS: readonly string[] = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'];

/** The pointer's target when there is a pointer; the closest to the moved post for the keyboard. */
const collisionDetection: CollisionDetection = (args) => (args.pointerCoordinates ? pointerWithin(args) : closestCenter(args));

export interface CalendarDndProps {
  range: { from: string; to: string };
  /** Month and the phone's list drop on days, the week on quarter hours. */
  view: CalendarView;
  /** The phone's day list: arrows go to the day listed before or after. */
  layout: 'grid' | 'list';
  onDrop: (post: Post, target: DropTarget) => void;
  children: ReactNode;
}

/**
 * Dragging posts on the calendar, with a mouse, a finger (a long press, so the page still scrolls) or the
 * keyboard (Space lifts, the arrows go from target to target, Space drops, Escape cancels), told to
 * screen readers in the interface language.
 */
export function CalendarDnd({ range, view, layout, onDrop, children }: CalendarDndProps) {
  const { t } = useTranslation('calendar');
  const labels = useCalendarLabels();
  const { atTime } = useTimeOfDay();
  const [dragged, setDragged] = useState<Post | null>(null);
  const where = useRef({ range, view, layout });
  where.current = { range, view, layout };

  // Built once: the sensors keep their options, and read the range and layout of now through `where`.
  const [sensorOptions] = useState(() => ({
    // A few pixels before a drag starts, so a click still opens the post.
    mouse: { activationConstraint: { distance: 6 } },
    touch: { activationConstraint: { delay: 250, tolerance: 8 } },
    keyboard: {
      // Enter opens the post; only Space lifts it.
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
      coordinateGetter: ((event, { context: { active, over, collisionRect, droppableRects } }) => {
        if (!ARROWS.includes(event.code)) return undefined;
        event.preventDefault();
        // Where it is over, or (an arrow pressed before the first measure) where it was lifted from.
        const from =
          parseDropTarget(over?.id) ??
          placeOf(active?.data.current?.post as Post | undefined, where.current.view === 'week' && where.current.layout === 'grid');
        if (!from || !collisionRect) return undefined;
        const key = event.code as ArrowKey;
        const next = where.current.layout === 'list' ? listedNeighbour(from, key, [...droppableRects.keys()]) : neighbourOf(from, key, where.current.range);
        const rect = next ? droppableRects.get(dropTargetId(next)) : undefined;
        if (!rect) return undefined;
        return { x: rect.left + rect.width / 2 - collisionRect.width / 2, y: rect.top + rect.height / 2 - collisionRect.height / 2 };
      }) satisfies KeyboardCoordinateGetter,
    },
  }));
  const sensors = useSensors(
    useSensor(MouseSensor, sensorOptions.mouse),
    useSensor(TouchSensor, sensorOptions.touch),
    useSensor(KeyboardSensor, sensorOptions.keyboard),
  );

  const postOf = (active: { data: { current?: Record<string, unknown> } }) => active.data.current?.post as Post | undefined;
  const postName = (post: Post | undefined) => (post ? t('post.short', { title: post.project_title, number: post.sequence }) : '');
  const targetName = (id: UniqueIdentifier | undefined) => {
    const target = parseDropTarget(id);
    if (!target) return '';
    return target.kind === 'day' ? labels.dayLong(target.day) : t('drag.slot', { day: labels.dayLong(target.day), at: atTime(target.time) });
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('drag.start', { post: postName(postOf(active)) }),
    onDragOver: ({ over }) => (over ? t('drag.over', { target: targetName(over.id) }) : t('drag.outside')),
    onDragEnd: ({ active, over }) =>
      over ? t('drag.drop', { post: postName(postOf(active)), target: targetName(over.id) }) : t('drag.cancel', { post: postName(postOf(active)) }),
    onDragCancel: ({ active }) => t('drag.cancel', { post: postName(postOf(active)) }),
  };

  const onDragStart = ({ active }: DragStartEvent) => setDragged(postOf(active) ?? null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const post = postOf(active);
    const target = parseDropTarget(over?.id);
    if (post && target) onDrop(post, target);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('drag.instructions') } }}
    >
      {children}
      {/* The post follows the pointer above everything (the week's scrolling box would clip it); a refused move shows it back in place. */}
      <DragOverlay dropAnimation={null}>{dragged ? <CalendarPostOverlay post={dragged} /> : null}</DragOverlay>
    </DndContext>
  );
}

/** The target a post was lifted from: its day, or its quarter hour in the week view. */
function placeOf(post: Post | undefined, inQuarters: boolean): DropTarget | null {
  if (!post?.publish_on || !post.publish_time) return null;
  return inQuarters ? { kind: 'slot', day: post.publish_on, time: quarterOf(post.publish_time) } : { kind: 'day', day: post.publish_on };
}

/** The phone's list: the day listed before (up, left) or after (down, right). */
function listedNeighbour(from: DropTarget, key: ArrowKey, ids: UniqueIdentifier[]): DropTarget | null {
  const days = ids
    .map((id) => parseDropTarget(id))
    .flatMap((target) => (target?.kind === 'day' ? [target.day] : []))
    .sort();
  const index = days.indexOf(from.day) + (key === 'ArrowUp' || key === 'ArrowLeft' ? -1 : 1);
  const day = days[index];
  return day === undefined ? null : { kind: 'day', day };
}
