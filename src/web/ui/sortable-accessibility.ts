import type { Announcements, DndContextProps, UniqueIdentifier } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';

/**
 * What a sortable list of images tells screen readers, in the interface language (dnd-kit's own are
 * English): how to move an item with the keyboard, and where it is while it moves. `positionOf` gives an
 * item's place in the list as shown, from 1. Pass the result as `<DndContext accessibility={…}>`.
 * The calendar says its own (features/posts/calendar/calendar-dnd.tsx).
 */
export function useSortableAccessibility(positionOf: (id: UniqueIdentifier) => number): NonNullable<DndContextProps['accessibility']> {
  const { t } = useTranslation();
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('sortable.start', { position: positionOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('sortable.over', { position: positionOf(active.id), target: positionOf(over.id) }) : t('sortable.outside', { position: positionOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over ? t('sortable.drop', { position: positionOf(active.id), target: positionOf(over.id) }) : t('sortable.cancel', { position: positionOf(active.id) }),
    onDragCancel: ({ active }) => t('sortable.cancel', { position: positionOf(active.id) }),
  };
  return { announcements, screenReaderInstructions: { draggable: t('sortable.instructions') } };
}
