import { hashtagsOf } from '../../../domain/hashtags.ts';
import type { Language } from '../../../domain/languages.ts';
import { type PostNetwork, TEXT_LIMITS, WRITING_GUIDES, countCharacters } from '../../../domain/post.ts';
import { CATEGORIES, type Category } from '../../../domain/project.ts';
import { cutAtWord, fitForInstagram } from './fit-for-instagram.ts';
import type { PostWriter, WriterProject } from './post-writer.ts';
import { templateAltTexts } from './template-alt-texts.ts';
import { TEMPLATE_PHRASES, type TemplatePhrases } from './template-phrases.ts';

/**
 * The default writer: no network and no AI. It composes each post from the project's own fields with
 * fixed sentences in the studio's language, so it says only what the studio wrote (see README.md).
 * Posts of one project differ by their role in the series: 1 presents the project, 2 the place and the
 * team, 3 the details, 4 the credits and the web page; the last post always ends with the call.
 * Each post has a text for each network (decision 034) and its images' descriptions from the fields.
 */
export function createTemplateWriter(): PostWriter {
  return {
    kind: 'template',
    wantsImagePreviews: false,
    async write(request) {
      request.signal?.throwIfAborted();
      // A post written again keeps its role in the series; the template has no other way to vary it.
      const count = request.rewrite?.of ?? request.posts.length;
      const first = request.rewrite ? request.rewrite.post - 1 : 0;
      const total = request.posts.reduce((sum, post) => sum + post.images.length, 0);
      let before = 0;
      return request.posts.map((post, position) => {
        const index = first + position;
        const altTexts = templateAltTexts(request.project, request.language, { first: before, count: post.images.length, total });
        before += post.images.length;
        return {
          instagram: writeTemplatePost(request.project, request.language, index, count, 'instagram'),
          linkedin: writeTemplatePost(request.project, request.language, index, count, 'linkedin'),
          altTexts,
        };
      });
    },
  };
}

/** A line of a paragraph; the description's excerpt is the first to be shortened when a post is too long. */
interface Line {
  text: string;
  isExcerpt?: boolean;
}
type Paragraph = Line[];

/**
 * How a network's text differs: Instagram's is short, its first line the hook, its link only in the last
 * post (a caption's links are not links); LinkedIn's is longer (WRITING_GUIDES), links in every post, its
 * photo credit a plain line and a few hashtags at the end.
 */
interface Style {
  excerpt: { opening: number; details: number; closing: number };
  limit: number;
  hashtags: number;
  linkEveryPost: boolean;
  /** The place-and-team post tells the end of the description as well as the team. */
  teamWithStory: boolean;
  photoCredit: (credit: string, phrases: TemplatePhrases) => string;
}

const LINKEDIN_STYLE: Style = {
  excerpt: { opening: 600, details: WRITING_GUIDES.linkedinCharacters - 200, closing: 600 },
  limit: TEXT_LIMITS.linkedinCharacters,
  hashtags: WRITING_GUIDES.linkedinHashtags,
  linkEveryPost: true,
  teamWithStory: true,
  photoCredit: (credit, phrases) => `${phrases.labels.photography}: ${credit}`,
};

/** Facebook is written as LinkedIn (its posts read LinkedIn's text until they have their own, decision 053). */
const STYLES: Record<PostNetwork, Style> = {
  instagram: {
    excerpt: { opening: 200, details: 900, closing: 400 },
    limit: TEXT_LIMITS.instagramCharacters,
    hashtags: TEXT_LIMITS.instagramHashtags,
    linkEveryPost: false,
    teamWithStory: false,
    photoCredit: (credit) => `📸 ${credit}`,
  },
  linkedin: LINKEDIN_STYLE,
  facebook: LINKEDIN_STYLE,
};

/** Shorter than this, an excerpt says nothing: it is left out instead. */
const MIN_EXCERPT_CHARACTERS = 80;
/** Other lines are cut, when a post with very long fields must fit, down to this length and no further. */
const MIN_LINE_CHARACTERS = 150;

export function writeTemplatePost(project: WriterProject, language: Language, index: number, count: number, network: PostNetwork): string {
  const phrases = TEMPLATE_PHRASES[language];
  const style = STYLES[network];
  const facts = factsOf(project, phrases);
  const isLast = index === count - 1;
  const roles = [presentation, placeAndTeam, details, creditsAndCall] as const;
  const paragraphs = roles[index % roles.length]!(facts, phrases, { isLast, isAlone: count === 1, style });
  const text = fitParagraphs(paragraphs, hashtagsOf(project.keywords).slice(0, style.hashtags), style.limit);
  return network === 'instagram' ? fitForInstagram(text) : text;
}

interface Facts {
  title: string;
  category: { name: string; aProject: string } | undefined;
  location: string;
  year: number | undefined;
  authors: string;
  collaborators: string;
  promoter: string;
  photoCredit: string;
  weblink: string;
  sentences: string[];
}

interface Position {
  isLast: boolean;
  isAlone: boolean;
  style: Style;
}

function presentation(facts: Facts, phrases: TemplatePhrases, position: Position): Paragraph[] {
  const { text: excerpt } = excerptOf(facts.sentences, 0, position.style.excerpt.opening);
  const opening = phrases.presentation({ title: facts.title, aProject: facts.category?.aProject, location: facts.location, year: facts.year });
  if (position.isAlone) return [[{ text: opening }], [{ text: excerpt, isExcerpt: true }], creditLines(facts, phrases), callOf(facts, phrases)];
  return [[{ text: opening }], [{ text: excerpt, isExcerpt: true }], photoLine(facts, phrases, position), closingOf(facts, phrases, position)];
}

function placeAndTeam(facts: Facts, phrases: TemplatePhrases, position: Position): Paragraph[] {
  const opening = facts.location ? phrases.place(facts.title, facts.location) : phrases.goingOn(facts.title);
  const team = teamLines(facts, phrases);
  // Without a team to name, the post tells the end of the description instead.
  const story: Paragraph = [{ text: closingExcerptOf(facts.sentences, position.style.excerpt.closing), isExcerpt: true }];
  const teamParagraph: Paragraph = team.length > 0 ? [{ text: phrases.team }, ...team] : [];
  const body = team.length === 0 ? [story] : position.style.teamWithStory ? [story, teamParagraph] : [teamParagraph];
  return [[{ text: opening }], ...body, photoLine(facts, phrases, position), closingOf(facts, phrases, position)];
}

function details(facts: Facts, phrases: TemplatePhrases, position: Position): Paragraph[] {
  const { excerpt: budget } = position.style;
  const opening = excerptOf(facts.sentences, 0, budget.opening);
  // What post 1 did not tell yet, when enough is left; otherwise the description from its start.
  const rest = excerptOf(facts.sentences, opening.next, budget.details);
  const excerpt = countCharacters(rest.text) >= MIN_EXCERPT_CHARACTERS ? rest.text : excerptOf(facts.sentences, 0, budget.details).text;
  const { labels } = phrases;
  const factLine = [
    facts.category ? `${labels.category}: ${facts.category.name}` : '',
    facts.year ? `${labels.year}: ${facts.year}` : '',
    facts.location ? `${labels.location}: ${facts.location}` : '',
  ]
    .filter((part) => part !== '')
    .join(' · ');
  return [
    [{ text: phrases.closerLook(facts.title) }],
    [{ text: excerpt, isExcerpt: true }],
    [{ text: factLine }],
    photoLine(facts, phrases, position),
    closingOf(facts, phrases, position),
  ];
}

function creditsAndCall(facts: Facts, phrases: TemplatePhrases): Paragraph[] {
  const credits = creditLines(facts, phrases);
  if (credits.length === 0) return [[{ text: phrases.tourEnd(facts.title) }], callOf(facts, phrases)];
  return [[{ text: phrases.creditsOf(facts.title) }, ...credits], callOf(facts, phrases)];
}

function teamLines(facts: Facts, { labels }: TemplatePhrases): Line[] {
  return [
    facts.authors ? { text: `${labels.authors}: ${facts.authors}` } : undefined,
    facts.collaborators ? { text: `${labels.collaborators}: ${facts.collaborators}` } : undefined,
    facts.promoter ? { text: `${labels.promoter}: ${facts.promoter}` } : undefined,
  ].filter((line) => line !== undefined);
}

function creditLines(facts: Facts, phrases: TemplatePhrases): Line[] {
  const photo = facts.photoCredit ? [{ text: `${phrases.labels.photography}: ${facts.photoCredit}` }] : [];
  return [...teamLines(facts, phrases), ...photo];
}

function photoLine(facts: Facts, phrases: TemplatePhrases, { style }: Position): Paragraph {
  return facts.photoCredit ? [{ text: style.photoCredit(facts.photoCredit, phrases) }] : [];
}

/** The last post ends with the call; on LinkedIn, where links work, every post links the web page. */
function closingOf(facts: Facts, phrases: TemplatePhrases, position: Position): Paragraph {
  if (position.isLast) return callOf(facts, phrases);
  return position.style.linkEveryPost && facts.weblink ? [{ text: phrases.visit(facts.weblink) }] : [];
}

function callOf(facts: Facts, phrases: TemplatePhrases): Paragraph {
  return [{ text: facts.weblink ? phrases.visit(facts.weblink) : phrases.askForComments }];
}

function factsOf(project: WriterProject, phrases: TemplatePhrases): Facts {
  const description = project.description.replace(/\s+/gu, ' ').trim();
  const segmenter = new Intl.Segmenter(phrases.locale, { granularity: 'sentence' });
  return {
    title: inline(project.title) || phrases.untitled,
    category: isCategory(project.category) ? phrases.categories[project.category] : undefined,
    location: inline(project.location),
    year: project.year ?? undefined,
    authors: inline(project.authors),
    collaborators: inline(project.collaborators),
    promoter: inline(project.promoter),
    photoCredit: inline(project.photoCredit),
    weblink: project.weblink.trim(),
    sentences: [...segmenter.segment(description)].map(({ segment }) => segment.trim()).filter((segment) => segment !== ''),
  };
}

/** A field as it goes inside a sentence: one line, no separator or stop left at its end. */
function inline(value: string): string {
  return value
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/[\s.,;:]+$/u, '');
}

function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

/** Whole sentences from `start` up to `max` characters (a first sentence longer than that is cut). */
function excerptOf(sentences: string[], start: number, max: number): { text: string; next: number } {
  const taken: string[] = [];
  let length = 0;
  let next = start;
  for (const sentence of sentences.slice(start)) {
    const added = countCharacters(sentence) + (taken.length > 0 ? 1 : 0);
    if (length + added > max) break;
    taken.push(sentence);
    length += added;
    next++;
  }
  const tooLong = sentences[next];
  if (taken.length === 0 && tooLong !== undefined) return { text: cutAtWord(tooLong, max), next: next + 1 };
  return { text: taken.join(' '), next };
}

/** The description's last sentences, up to `max` characters. */
function closingExcerptOf(sentences: string[], max: number): string {
  const fromEnd = excerptOf([...sentences].reverse(), 0, max);
  const inOrder = sentences.slice(sentences.length - fromEnd.next).join(' ');
  // Several sentences come back reversed, so they are taken again in order; one long one comes back cut.
  return countCharacters(inOrder) <= max ? inOrder : fromEnd.text;
}

/**
 * The paragraphs and the hashtags as one text within `limit` characters: the excerpt shortens first,
 * then the longest lines (very long credits); for Instagram `fitForInstagram` settles whatever is left.
 */
function fitParagraphs(paragraphs: Paragraph[], hashtags: string[], limit: number): string {
  const compose = () =>
    [
      ...paragraphs.map((lines) =>
        lines
          .map((line) => line.text)
          .filter((text) => text !== '')
          .join('\n'),
      ),
      hashtags.join(' '),
    ]
      .filter((part) => part !== '')
      .join('\n\n');
  const excess = () => countCharacters(compose()) - limit;
  const lines = paragraphs.flat();
  const excerpt = lines.find((line) => line.isExcerpt);
  if (excerpt && excess() > 0) {
    const room = countCharacters(excerpt.text) - excess();
    excerpt.text = room >= MIN_EXCERPT_CHARACTERS ? cutAtWord(excerpt.text, room) : '';
  }
  while (excess() > 0) {
    const longest = lines.reduce((found, line) => (countCharacters(line.text) > countCharacters(found.text) ? line : found));
    const length = countCharacters(longest.text);
    if (length <= MIN_LINE_CHARACTERS) break;
    longest.text = cutAtWord(longest.text, Math.max(MIN_LINE_CHARACTERS, length - excess()));
  }
  const text = compose();
  return countCharacters(text) > limit ? cutAtWord(text, limit) : text;
}
