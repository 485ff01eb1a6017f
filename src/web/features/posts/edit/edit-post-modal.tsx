import { Alert, Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { factCheckerOf } from '../../../../domain/facts.ts';
import type { Post, PostUpdate } from '../../../../domain/post.ts';
import { ALT_TEXT_LIMIT, countCharacters, factsToConfirm, instagramTextProblem, textProblems } from '../../../../domain/post-rules.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/use-error-message.ts';
import { useProjectFactTexts } from '../api/project-fact-texts.ts';
import { useUpdatePost } from '../api/update-post.ts';
import { AiTellsHint } from '../facts/ai-tells-hint.tsx';
import { FactsNotice } from '../facts/facts-notice.tsx';
import { ChangesComment } from '../list/approval-notes.tsx';
import { InstagramPreviewCard } from '../previews/instagram-preview.tsx';
import { LinkedinPreviewCard } from '../previews/linkedin-preview.tsx';
import { AltTextsEditor } from './alt-texts-editor.tsx';
import { TextVersions } from './text-versions.tsx';
import { HistorySection } from '../history/history-section.tsx';
import { type EditedImage, PostImagesEditor } from './post-images-editor.tsx';
import { TextCounters } from './text-counters.tsx';

export interface EditPostModalProps {
  opened: boolean;
  post: Post | null;
  onClose: () => void;
}

/**
 * SPEC §5 "Preview edit", with a text for each network beside its preview and the images' descriptions
 * (decision 034). The form starts again from the post each time it opens: Cancel restores.
 */
export function EditPostModal({ opened, post, onClose }: EditPostModalProps) {
  const { t } = useTranslation('posts');
  return (
    <Modal opened={opened} onClose={onClose} title={t('edit.title')} size="min(1100px, 100%)" centered>
      {post && <EditPostForm key={`${post.id}-${String(opened)}`} post={post} onClose={onClose} />}
    </Modal>
  );
}

type FieldErrors = { text?: string; linkedin_text?: string; images?: string; form?: string };

function EditPostForm({ post, onClose }: { post: Post; onClose: () => void }) {
  const { t } = useTranslation('posts');
  const { t: tv } = useTranslation('validation');
  const describe = useErrorMessage();
  const update = useUpdatePost();
  const [text, setText] = useState(post.text);
  // "The same text for both" is LinkedIn's null (decision 034); unticking starts LinkedIn's from Instagram's.
  const [sameText, setSameText] = useState(post.linkedin_text === null);
  const [linkedinText, setLinkedinText] = useState(post.linkedin_text ?? post.text);
  const [images, setImages] = useState<EditedImage[]>(post.images.map(({ id, url, status, alt_text }) => ({ id, url, status, alt_text })));
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});

  const texts = { text, linkedin_text: sameText ? null : linkedinText };
  const problems = textProblems(texts, post.networks);
  const instagramProblem = sameText && !post.networks.instagram ? instagramTextProblem(text) : undefined;
  const noImageSelected = images.length > 0 && !images.some((image) => image.status === 'pending');
  const altTextTooLong = images.some((image) => countCharacters(image.alt_text) > ALT_TEXT_LIMIT);
  const textError = problems.text ? tv(problems.text) : serverErrors.text;
  const linkedinError = problems.linkedin_text ? tv(problems.linkedin_text) : serverErrors.linkedin_text;
  const imagesError = noImageSelected ? tv('imageRequired') : serverErrors.images;
  const invalid = Object.keys(problems).length > 0 || noImageSelected || altTextTooLong;
  const draft = { ...post, ...texts, images: post.images.map((image) => ({ ...image, ...images.find((edited) => edited.id === image.id) })) };
  // The facts rule as the text is written (the server's answer until the project is read).
  const projectTexts = useProjectFactTexts(post.project_id);
  const check = useMemo(() => (projectTexts ? factCheckerOf(projectTexts) : undefined), [projectTexts]);
  const facts = useMemo(() => {
    if (!check) return post.unsupported_facts;
    const instagram = check(text);
    const linkedin = sameText ? instagram : check(linkedinText);
    // Facebook reads LinkedIn's text (post-rules.ts textFor).
    return { instagram, linkedin, facebook: linkedin };
  }, [check, text, linkedinText, sameText, post.unsupported_facts]);
  // A scheduled post goes out with this edit: its new facts need the yes scheduling asks for.
  const [factsConfirmed, setFactsConfirmed] = useState(false);
  const factsAsked = post.state === 'scheduled' ? factsToConfirm({ unsupported_facts: facts, facts_confirmed: post.facts_confirmed }, post.networks) : [];
  const factsBlock = factsAsked.length > 0 && !factsConfirmed;

  const save = () => {
    if (invalid || factsBlock) return;
    const changes: PostUpdate = {};
    if (text !== post.text) changes.text = text;
    if (texts.linkedin_text !== post.linkedin_text) changes.linkedin_text = texts.linkedin_text;
    const arrangement = images.map(({ id, status, alt_text }) => ({ id, status, alt_text }));
    if (JSON.stringify(arrangement) !== JSON.stringify(post.images.map(({ id, status, alt_text }) => ({ id, status, alt_text })))) changes.images = arrangement;
    if (Object.keys(changes).length === 0) return onClose();
    if (factsAsked.length > 0) changes.confirm_facts = true;
    setServerErrors({});
    update.mutate(
      { id: post.id, changes },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('edit.saved') });
          onClose();
        },
        onError: (error) => setServerErrors(fieldErrorsOf(error, tv, describe)),
      },
    );
  };
  const dropServerError = (field: keyof FieldErrors) => setServerErrors(({ [field]: _dropped, ...rest }) => rest);

  const textArea = (network: 'instagram' | 'linkedin' | 'both') => {
    const forLinkedin = network === 'linkedin';
    const value = forLinkedin ? linkedinText : text;
    return (
      <Stack gap={4}>
        <Textarea
          label={t(network === 'both' ? 'edit.text' : forLinkedin ? 'edit.linkedinText' : 'edit.instagramText')}
          value={value}
          onChange={(event) => {
            const next = event.currentTarget.value;
            if (forLinkedin) setLinkedinText(next);
            else setText(next);
            dropServerError(forLinkedin ? 'linkedin_text' : 'text');
          }}
          rows={9}
          resize="vertical"
          error={forLinkedin ? linkedinError : textError}
          disabled={update.isPending}
          data-autofocus={forLinkedin ? undefined : true}
        />
        <TextCounters text={value} networks={network === 'both' ? undefined : [network]} />
        {post.state !== 'scheduled' && <FactsNotice facts={forLinkedin ? facts.linkedin : facts.instagram} />}
        <AiTellsHint text={value} />
      </Stack>
    );
  };

  return (
    <Stack gap="md">
      {post.state === 'preview' && <ChangesComment post={post} />}
      <Checkbox
        label={t('edit.sameText')}
        checked={sameText}
        disabled={update.isPending}
        onChange={(event) => {
          const same = event.currentTarget.checked;
          setSameText(same);
          if (!same) setLinkedinText(text);
          dropServerError('linkedin_text');
        }}
      />
      {sameText && textArea('both')}
      {instagramProblem && !problems.text && (
        <Alert color="yellow" variant="light" title={t('edit.instagramWarningTitle')} role="status">
          {t('edit.instagramWarning', { reason: tv(instagramProblem) })}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">
          {!sameText && textArea('instagram')}
          <InstagramPreviewCard post={draft} />
        </Stack>
        <Stack gap="sm">
          {!sameText && textArea('linkedin')}
          <LinkedinPreviewCard post={draft} />
        </Stack>
      </SimpleGrid>
      <Section title={t('edit.images')} help={t('edit.imagesHelp')}>
        <PostImagesEditor
          images={images}
          onChange={(next) => {
            setImages(next);
            dropServerError('images');
          }}
          disabled={update.isPending}
        />
        {imagesError && (
          <Text size="sm" c="red" role="alert">
            {imagesError}
          </Text>
        )}
      </Section>
      <Section title={t('edit.altTexts')} help={t('edit.altTextsHelp')}>
        <AltTextsEditor
          images={images}
          onChange={(id, altText) => setImages((current) => current.map((image) => (image.id === id ? { ...image, alt_text: altText } : image)))}
          disabled={update.isPending}
        />
      </Section>
      <TextVersions post={post} onRestored={onClose} />
      <HistorySection postId={post.id} />
      <FactsNotice facts={factsAsked} confirm={{ confirmed: factsConfirmed, onChange: setFactsConfirmed, disabled: update.isPending }} />
      {serverErrors.form && (
        <Alert color="red" variant="light" role="alert">
          {serverErrors.form}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={update.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <Button onClick={save} loading={update.isPending} disabled={invalid || factsBlock}>
          {t('edit.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A part of the form: its title, a line of help, then its fields. */
function Section({ title, help, children }: { title: string; help: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Text fw={500} size="sm">
        {title}
      </Text>
      <Text size="xs" c="dimmed">
        {help}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * The server's refusal on its fields (details are `validation` keys: a bad text, no image selected, an
 * image list that changed meanwhile), anything else for the form.
 */
function fieldErrorsOf(error: unknown, tv: (key: string) => string, describe: (error: unknown) => string): FieldErrors {
  if (error instanceof ApiError && Object.keys(error.details).length > 0) {
    const errors: FieldErrors = {};
    for (const [field, key] of Object.entries(error.details)) {
      if (field === 'text') errors.text = tv(key);
      else if (field === 'linkedin_text') errors.linkedin_text = tv(key);
      else if (field.startsWith('images')) errors.images = tv(key);
      else errors.form = tv(key);
    }
    return Object.keys(errors).length > 0 ? errors : { form: describe(error) };
  }
  if (error instanceof ApiError && error.code === 'NOT_ENOUGH_IMAGES') return { images: describe(error) };
  return { form: describe(error) };
}
