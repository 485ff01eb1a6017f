import { DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, arrayMove, rectSortingStrategy, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Badge, Box, Checkbox, Paper, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PostImage } from '../../../../domain/post.ts';
import { useSortableAccessibility } from '../../../ui/sortable-accessibility.ts';
import { PostPicture } from '../post-picture.tsx';

export type EditedImage = Pick<PostImage, 'id' | 'url' | 'status' | 'alt_text'>;

export interface PostImagesEditorProps {
  images: EditedImage[];
  onChange: (images: EditedImage[]) => void;
  disabled?: boolean;
}

/**
 * The post's pictures in publication order (SPEC §4 "Image selection"): dragged to reorder (pointer, or
 * the keyboard: Space to lift, arrows to move, Space to drop) and each selected for the post or not.
 */
export function PostImagesEditor({ images, onChange, disabled = false }: PostImagesEditorProps) {
  const sensors = useSensors(
    // A small movement before a drag starts, so a click on the checkbox is still a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = images.map((image) => image.id);
  // Told to screen readers in the interface language, by position.
  const accessibility = useSortableAccessibility((id) => ids.indexOf(Number(id)) + 1);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(Number(active.id));
    const to = ids.indexOf(Number(over.id));
    if (from >= 0 && to >= 0) onChange(arrayMove(images, from, to));
  };
  const toggle = (id: number) =>
    onChange(images.map((image) => (image.id === id ? { ...image, status: image.status === 'pending' ? 'not_selected' : 'pending' } : image)));

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
      <SortableContext items={ids} strategy={rectSortingStrategy} disabled={disabled}>
        <SimpleGrid cols={{ base: 3, xs: 4 }} spacing="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
          {images.map((image, index) => (
            <SortableImage key={image.id} image={image} position={index + 1} disabled={disabled} onToggle={() => toggle(image.id)} />
          ))}
        </SimpleGrid>
      </SortableContext>
    </DndContext>
  );
}

function SortableImage({ image, position, disabled, onToggle }: { image: EditedImage; position: number; disabled: boolean; onToggle: () => void }) {
  const { t } = useTranslation('posts');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: image.id, disabled });
  const selected = image.status === 'pending';
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      withBorder
      radius="sm"
      aria-label={t('edit.image', { position })}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-lg)' : undefined,
        overflow: 'hidden',
      }}
    >
      <Box
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t('edit.drag', { position })}
        aria-roledescription={t('edit.sortable')}
        pos="relative"
        style={{ aspectRatio: '1 / 1', cursor: disabled ? 'default' : isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
      >
        <PostPicture src={image.url} style={{ opacity: selected ? 1 : 0.35, filter: selected ? undefined : 'grayscale(1)' }} />
        <Badge pos="absolute" top={4} left={4} size="xs" radius="sm" color="dark" variant="filled" style={{ pointerEvents: 'none' }}>
          {position}
        </Badge>
      </Box>
      <Box px={6} py={4}>
        <Checkbox
          size="xs"
          label={t('edit.publishImage')}
          aria-label={t('edit.publishImageLabel', { position })}
          checked={selected}
          disabled={disabled}
          onChange={onToggle}
        />
      </Box>
    </Paper>
  );
}
