import { DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, arrayMove, rectSortingStrategy, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Box, Checkbox, Group, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhotoIcon, TrashIcon } from '../../../ui/icons.tsx';
import { useSortableAccessibility } from '../../../ui/sortable-accessibility.ts';

export interface GalleryImage {
  /** Stable across reorders: the image id, or a local key before upload. */
  key: string;
  src: string;
  name: string;
  selected: boolean;
}

export interface ImageGalleryProps {
  images: GalleryImage[];
  /** The keys in their new order, after a drag. */
  onReorder: (keys: string[]) => void;
  onToggle: (key: string) => void;
  onRemove: (key: string) => void;
  disabled?: boolean;
}

/**
 * The project's images in publication order (SPEC §4 "Image selection"): dragged to reorder (pointer,
 * or the keyboard: Space to lift, arrows to move, Space to drop), each selected for publication or not
 * (an unselected one is dimmed and never reaches a post), and removed with its x.
 */
export function ImageGallery({ images, onReorder, onToggle, onRemove, disabled = false }: ImageGalleryProps) {
  const sensors = useSensors(
    // A small movement before a drag starts, so a click on the picture is still a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keys = images.map((image) => image.key);
  // Told to screen readers in the interface language, by position.
  const accessibility = useSortableAccessibility((id) => keys.indexOf(String(id)) + 1);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = keys.indexOf(String(active.id));
    const to = keys.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onReorder(arrayMove(keys, from, to));
  };

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
      <SortableContext items={keys} strategy={rectSortingStrategy} disabled={disabled}>
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
          {images.map((image, index) => (
            <SortableTile
              key={image.key}
              image={image}
              position={index + 1}
              disabled={disabled}
              onToggle={() => onToggle(image.key)}
              onRemove={() => onRemove(image.key)}
            />
          ))}
        </SimpleGrid>
      </SortableContext>
    </DndContext>
  );
}

function SortableTile({
  image,
  position,
  disabled,
  onToggle,
  onRemove,
}: {
  image: GalleryImage;
  position: number;
  disabled: boolean;
  onToggle: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('projects');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: image.key, disabled });
  const [failed, setFailed] = useState(false);
  const label = t('images.tile', { position, name: image.name });

  return (
    <Paper
      component="li"
      ref={setNodeRef}
      withBorder
      radius="md"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-lg)' : undefined,
        overflow: 'hidden',
      }}
      data-selected={image.selected || undefined}
      aria-label={label}
    >
      <Box
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t('images.drag', { position, name: image.name })}
        aria-roledescription={t('images.sortable')}
        pos="relative"
        style={{
          aspectRatio: '1 / 1',
          cursor: disabled ? 'default' : isDragging ? 'grabbing' : 'grab',
          touchAction: 'none',
          background: 'var(--mantine-color-gray-1)',
        }}
      >
        {failed ? (
          <Stack align="center" justify="center" gap={4} h="100%" c="dimmed" p="xs">
            <PhotoIcon size={28} />
            <Text size="xs" ta="center">
              {t('images.unavailable')}
            </Text>
          </Stack>
        ) : (
          <img
            src={image.src}
            alt=""
            draggable={false}
            onError={() => setFailed(true)}
            style={{
              width: '100%',
              height: '100%',
              objectFit: 'cover',
              display: 'block',
              opacity: image.selected ? 1 : 0.35,
              filter: image.selected ? undefined : 'grayscale(1)',
              transition: 'opacity 150ms, filter 150ms',
            }}
          />
        )}
        <Badge pos="absolute" top={6} left={6} size="sm" radius="sm" color="dark" variant="filled" style={{ pointerEvents: 'none' }}>
          {position}
        </Badge>
        {!image.selected && (
          <Badge pos="absolute" bottom={6} left={6} size="xs" radius="sm" color="gray" variant="white" style={{ pointerEvents: 'none' }}>
            {t('images.notSelected')}
          </Badge>
        )}
      </Box>
      <Group justify="space-between" wrap="nowrap" px={8} py={6} gap={4}>
        <Checkbox
          size="xs"
          label={t('images.publish')}
          aria-label={t('images.publishLabel', { position, name: image.name })}
          checked={image.selected}
          disabled={disabled}
          onChange={onToggle}
        />
        <Tooltip label={t('images.remove')} withinPortal>
          <ActionIcon
            size="sm"
            variant="subtle"
            color="red"
            disabled={disabled}
            onClick={onRemove}
            aria-label={t('images.removeLabel', { position, name: image.name })}
          >
            <TrashIcon size={15} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}
