import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UploadResult } from '../../../../domain/project.ts';
import type { ImageCheckResult } from './image-checks.ts';

/** What went wrong with the last choice of files, by the alerts of SPEC §5 "Images". */
export interface ImageProblems {
  tooLarge: string[];
  invalidFormat: string[];
  aspectRatio: string[];
  /** Refused by the server: more pixels than it can process (issue 13, item 6). */
  tooManyPixels: string[];
  /** Files left out for lack of room: how many more fitted, how many were left out, and their names when known. */
  tooMany: { remaining: number; dropped: number; names: string[] } | null;
  /** Anything else: the checks could not run, or the server refused. */
  failed: string | null;
}

export const NO_PROBLEMS: ImageProblems = { tooLarge: [], invalidFormat: [], aspectRatio: [], tooManyPixels: [], tooMany: null, failed: null };

export function hasProblems(problems: ImageProblems): boolean {
  return (
    problems.tooLarge.length + problems.invalidFormat.length + problems.aspectRatio.length + problems.tooManyPixels.length > 0 ||
    problems.tooMany !== null ||
    problems.failed !== null
  );
}

export function problemsOfCheck(result: ImageCheckResult): ImageProblems {
  return {
    ...NO_PROBLEMS,
    tooLarge: result.tooLarge,
    invalidFormat: result.invalidFormat,
    aspectRatio: result.aspectRatio,
    tooMany: result.dropped > 0 ? { remaining: result.remaining, dropped: result.dropped, names: [] } : null,
  };
}

/** The server's refusals, by file name, added to what the browser already found. */
export function problemsOfUpload(rejected: UploadResult['rejected'], remainingBefore: number, base: ImageProblems = NO_PROBLEMS): ImageProblems {
  const named = (reason: UploadResult['rejected'][number]['reason']) => rejected.filter((file) => file.reason === reason).map((file) => file.name);
  const tooMany = named('tooMany');
  return {
    ...base,
    tooLarge: [...base.tooLarge, ...named('tooLarge')],
    invalidFormat: [...base.invalidFormat, ...named('invalidFormat')],
    aspectRatio: [...base.aspectRatio, ...named('aspectRatio')],
    tooManyPixels: [...base.tooManyPixels, ...named('tooManyPixels')],
    tooMany: tooMany.length > 0 ? { remaining: remainingBefore, dropped: tooMany.length, names: tooMany } : base.tooMany,
  };
}

/** One alert per kind of problem, each naming the files concerned; closing one closes them all. */
export function ImageAlerts({ problems, onClose }: { problems: ImageProblems; onClose: () => void }) {
  const { t } = useTranslation('projects');
  if (!hasProblems(problems)) return null;
  const closeProps = { withCloseButton: true, closeButtonLabel: t('images.alerts.close'), onClose } as const;
  const files = (names: string[]) =>
    names.length > 0 && (
      <Text size="sm" fw={500} mt={4} style={{ overflowWrap: 'anywhere' }}>
        {names.join(', ')}
      </Text>
    );
  return (
    <Stack gap="xs">
      {problems.tooLarge.length > 0 && (
        <Alert color="red" variant="light" title={t('images.alerts.tooLargeTitle')} {...closeProps}>
          <Text size="sm">{t('images.alerts.tooLarge')}</Text>
          {files(problems.tooLarge)}
        </Alert>
      )}
      {problems.tooManyPixels.length > 0 && (
        <Alert color="red" variant="light" title={t('images.alerts.tooManyPixelsTitle')} {...closeProps}>
          <Text size="sm">{t('images.alerts.tooManyPixels')}</Text>
          {files(problems.tooManyPixels)}
        </Alert>
      )}
      {problems.aspectRatio.length > 0 && (
        <Alert color="red" variant="light" title={t('images.alerts.aspectRatioTitle')} {...closeProps}>
          <Text size="sm">{t('images.alerts.aspectRatio')}</Text>
          {files(problems.aspectRatio)}
        </Alert>
      )}
      {problems.invalidFormat.length > 0 && (
        <Alert color="red" variant="light" title={t('images.alerts.invalidFormatTitle')} {...closeProps}>
          <Text size="sm">{t('images.alerts.invalidFormat')}</Text>
          {files(problems.invalidFormat)}
        </Alert>
      )}
      {problems.tooMany && (
        <Alert color="yellow" variant="light" title={t('images.alerts.tooManyTitle')} {...closeProps}>
          <Text size="sm">{t('images.alerts.tooMany', { remaining: problems.tooMany.remaining, dropped: problems.tooMany.dropped })}</Text>
          {files(problems.tooMany.names)}
        </Alert>
      )}
      {problems.failed && (
        <Alert color="red" variant="light" title={t('images.alerts.failedTitle')} {...closeProps}>
          <Text size="sm">{problems.failed}</Text>
        </Alert>
      )}
    </Stack>
  );
}
