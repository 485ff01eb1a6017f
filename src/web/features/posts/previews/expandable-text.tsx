import { type ReactNode, useState } from 'react';
import classes from './social-previews.module.css';

/** Where the networks fold a long text: a number of characters, or fewer lines. */
export interface FoldRule {
  characters: number;
  lines: number;
}

/** The visible start of a text under a fold rule, or null when it all shows. */
export function foldText(text: string, rule: FoldRule): string | null {
  const characters = [...text];
  let cut = Math.min(characters.length, rule.characters);
  let breaks = 0;
  for (let index = 0; index < cut; index += 1) {
    if (characters[index] === '\n' && ++breaks >= rule.lines) {
      cut = index;
      break;
    }
  }
  return cut < characters.length ? characters.slice(0, cut).join('').trimEnd() : null;
}

/** The text with its hashtags marked, as the networks colour them. */
export function withHashtags(text: string, hashtagClass: string | undefined): ReactNode[] {
  return text.split(/(#[\p{L}\p{N}_]+)/u).map((part, index) =>
    index % 2 === 1 ? (
      <span key={index} className={hashtagClass} data-hashtag="">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

export interface ExpandableTextProps {
  text: string;
  rule: FoldRule;
  /** The button's label, e.g. "more" or "…see more". */
  moreLabel: string;
  /** Put before the ellipsis ("… more"), or nothing when the label carries it. */
  ellipsis?: string;
  hashtagClass: string | undefined;
  /** Shown before the text, e.g. Instagram's account name in bold. */
  lead?: ReactNode;
  className?: string;
}

/** A caption folded as the network folds it, that opens in place when its "more" is clicked. */
export function ExpandableText({ text, rule, moreLabel, ellipsis = '', hashtagClass, lead, className }: ExpandableTextProps) {
  const [expanded, setExpanded] = useState(false);
  const cut = expanded ? null : foldText(text, rule);
  // The fold's ellipsis, in `ellipsis` or at the start of the label ("…see more"), follows the text: a text
  // folded just after its own ellipsis or full stop shows one mark, not two ("luz…… more", "luz.…see more").
  const addsEllipsis = `${ellipsis}${moreLabel}`.trimStart().startsWith('…');
  const folded = cut !== null && addsEllipsis ? cut.replace(/(?:…|\.)+$/u, '').trimEnd() : cut;
  return (
    <div className={className}>
      {lead}
      {withHashtags(folded ?? text, hashtagClass)}
      {folded !== null && (
        <>
          {ellipsis}
          <button type="button" className={classes.more} onClick={() => setExpanded(true)} aria-expanded={false}>
            {moreLabel}
          </button>
        </>
      )}
    </div>
  );
}
