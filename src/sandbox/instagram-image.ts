/**
 * What Meta does with a container's image_url (B.7, B.13): it downloads the image itself, from the
 * public internet, when the container is created ("We cURL media used in publishing attempts, so the
 * media must be hosted on a publicly accessible server": developers.facebook.com/docs/instagram-platform/
 * content-publishing), and refuses one it cannot fetch (a loopback, private or local address, whatever
 * the name resolves to and wherever a redirect leads), one over 8 MiB, one that is not a JPEG, or one
 * whose aspect ratio is outside 4:5 to 1.91:1, each with its documented code and subcode.
 */
const MAX_BYTES = 8 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 5;

export interface ImageFetchRules {
  /**
   * The sandbox's only kindness: origins it fetches from although Meta could not (the app that mounts
   * it, on its own machine; its own tests). Empty: it refuses exactly what Meta refuses.
   */
  allowedOrigins: readonly string[];
  /** Why servers on the internet could not fetch a URL, undefined when they can (the app's check, given by its composer). */
  unreachableReason: UnreachableReason;
  /** Instagram's 4:5 to 1.91:1 (the default); a Facebook Page photo has no such rule. */
  checkAspectRatio?: boolean;
}

export type UnreachableReason = (url: string) => Promise<string | undefined>;

export type ImageCheck =
  | { ok: true; bytes: Buffer; width: number; height: number }
  | { ok: false; code: number; subcode: number; message: string; title: string; userMessage: string };

export async function inspectInstagramImage(imageUrl: string, rules: ImageFetchRules): Promise<ImageCheck> {
  const unreachable: ImageCheck = {
    ok: false,
    code: 9004,
    subcode: 2207052,
    message: 'The media could not be fetched from this URI: ' + imageUrl,
    title: 'Media download has failed.',
    userMessage: 'The media could not be fetched from the URI provided. Make sure the URI is valid and publicly reachable.',
  };
  const reachable = async (url: string) => rules.allowedOrigins.includes(originOf(url)) || (await rules.unreachableReason(url)) === undefined;

  let bytes: Buffer;
  try {
    const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS);
    // Each hop is checked before it is fetched: a public address that redirects to a private one is refused too.
    let url = imageUrl;
    let response: Response | undefined;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      if (!(await reachable(url))) return unreachable;
      response = await fetch(url, { signal, redirect: 'manual' });
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) break;
      await response.body?.cancel();
      url = new URL(location, url).toString();
      response = undefined;
    }
    if (!response || !response.ok || !response.body) return unreachable;
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > MAX_BYTES) return tooLarge();
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of response.body) {
      total += chunk.byteLength;
      if (total > MAX_BYTES) return tooLarge();
      chunks.push(Buffer.from(chunk));
    }
    bytes = Buffer.concat(chunks);
  } catch {
    return unreachable;
  }

  // sharp (libvips) is loaded at the first image, not at start.
  const { default: sharp } = await import('sharp');
  const metadata = await sharp(bytes)
    .metadata()
    .catch(() => undefined);
  if (!metadata || metadata.format !== 'jpeg' || !metadata.width || !metadata.height) {
    return {
      ok: false,
      code: 36001,
      subcode: 2207005,
      message: 'The image format is not supported.',
      title: 'Unsupported format',
      userMessage: 'The image format is not supported. Supported formats are: JPEG.',
    };
  }
  // EXIF orientations 5 to 8 swap width and height on screen.
  const [width, height] = (metadata.orientation ?? 1) >= 5 ? [metadata.height, metadata.width] : [metadata.width, metadata.height];
  const ratio = width / height;
  if (rules.checkAspectRatio !== false && (ratio < 0.8 || ratio > 1.91)) {
    return {
      ok: false,
      code: 36003,
      subcode: 2207009,
      message: `The submitted image with aspect ratio ('${width}/${height}') cannot be published. Please submit an image with a valid aspect ratio.`,
      title: 'Aspect ratio not supported',
      userMessage: 'The aspect ratio is not supported. It should be between 4:5 and 1.91:1.',
    };
  }
  return { ok: true, bytes, width, height };
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}

function tooLarge(): ImageCheck {
  return {
    ok: false,
    code: 36000,
    subcode: 2207004,
    message: 'The image size is too large.',
    title: 'Image size too large',
    userMessage: 'The image is too large to download. It should be less than 8 MiB.',
  };
}
