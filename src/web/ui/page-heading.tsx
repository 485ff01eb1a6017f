import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A screen's heading: its title, the sentence under it, and its main action on the right (below on a narrow screen). */
export function PageHeading({ title, description, action }: { title: ReactNode; description: ReactNode; action?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" mb="lg" wrap="wrap">
      <div>
        <Title order={1}>{title}</Title>
        <Text c="dimmed" mt={4}>
          {description}
        </Text>
      </div>
      {action}
    </Group>
  );
}
