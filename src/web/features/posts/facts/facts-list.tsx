import { Group, Mark } from '@mantine/core';
import type { UnsupportedFact } from '../../../../domain/facts.ts';
import { factKey } from '../../../../domain/post-rules.ts';

/** Each fact once, as it is written in the text. */
export function distinctFacts(facts: readonly UnsupportedFact[]): UnsupportedFact[] {
  const seen = new Set<string>();
  return facts.filter((fact) => {
    const key = factKey(fact.text);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The facts, each highlighted as the text writes it. */
export function FactsList({ facts }: { facts: readonly UnsupportedFact[] }) {
  return (
    <Group gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {distinctFacts(facts).map((fact) => (
        <li key={`${fact.kind}-${factKey(fact.text)}`} data-fact-kind={fact.kind}>
          <Mark color="yellow" px={4} style={{ borderRadius: 4, fontSize: 'var(--mantine-font-size-sm)' }}>
            {fact.text}
          </Mark>
        </li>
      ))}
    </Group>
  );
}
