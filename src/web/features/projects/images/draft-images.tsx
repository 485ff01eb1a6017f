import { Text } from '@mantine/core';
import { type Dispatch, type SetStateAction, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageAlerts, type ImageProblems, NO_PROBLEMS, problemsOfCheck } from './image-alerts.tsx';
import { ImageGallery } from './image-gallery.tsx';
import { ImagePicker } from './image-picker.tsx';
import { ImagesPanel } from './images-panel.tsx';

/** An image chosen for a project not created yet: uploaded right after the project is. */
export interface DraftImage {
  key: string;
  file: File;
  url: string;
  selected: boolean;
}

export interface DraftImagesProps {
  drafts: DraftImage[];
  onChange: Dispatch<SetStateAction<DraftImage[]>>;
  /** Upload progress from 0 to 1 once the project exists and its images go up. */
  progress: number | null;
  /** Problems found after the upload (the server's refusals), shown with the browser's own. */
  problems: ImageProblems;
  onProblemsChange: (problems: ImageProblems) => void;
  busy: boolean;
}

let nextKey = 0;

/** The images of a new project: checked, ordered and selected in the browser until it is saved. */
export function DraftImages({ drafts, onChange, progress, problems, onProblemsChange, busy }: DraftImagesProps) {
  const { t } = useTranslation('projects');
  const urls = useRef(new Set<string>());

  // Each preview's object URL is released when its image is removed or the form closes.
  useEffect(() => {
    const known = urls.current;
    return () => {
      for (const url of known) URL.revokeObjectURL(url);
      known.clear();
    };
  }, []);

  const add = (files: File[]) => {
    const added = files.map((file) => {
      const url = URL.createObjectURL(file);
      urls.current.add(url);
      nextKey += 1;
      return { key: `draft-${nextKey}`, file, url, selected: true };
    });
    onChange((current) => [...current, ...added]);
  };

  const remove = (key: string) => {
    const draft = drafts.find((candidate) => candidate.key === key);
    if (draft) {
      URL.revokeObjectURL(draft.url);
      urls.current.delete(draft.url);
    }
    onChange((current) => current.filter((candidate) => candidate.key !== key));
  };

  return (
    <ImagesPanel count={drafts.length} note={t('images.uploadedOnCreate')}>
      <ImagePicker
        existingCount={drafts.length}
        onChecked={(result) => {
          onProblemsChange(problemsOfCheck(result));
          add(result.accepted);
        }}
        onCheckFailed={() => onProblemsChange({ ...NO_PROBLEMS, failed: t('images.alerts.failed') })}
        progress={progress}
        busy={busy}
      />
      <ImageAlerts problems={problems} onClose={() => onProblemsChange(NO_PROBLEMS)} />
      {drafts.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {t('images.empty')}
        </Text>
      ) : (
        <ImageGallery
          images={drafts.map((draft) => ({ key: draft.key, src: draft.url, name: draft.file.name, selected: draft.selected }))}
          onReorder={(keys) => onChange((current) => keys.flatMap((key) => current.filter((draft) => draft.key === key)))}
          onToggle={(key) => onChange((current) => current.map((draft) => (draft.key === key ? { ...draft, selected: !draft.selected } : draft)))}
          onRemove={remove}
          disabled={busy}
        />
      )}
    </ImagesPanel>
  );
}
