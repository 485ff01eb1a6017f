import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The past months, newest first, as YYYY-MM: the month before this one and the 23 before it. */
export function pastMonths(today: Date, count = 24): string[] {
  return Array.from({ length: count }, (_, index) => new Date(Date.UTC(today.getFullYear(), today.getMonth() - 1 - index, 1)).toISOString().slice(0, 7));
}

/**
 * The monthly report's download (issue 26 item 3, decision 047): any past month, last month first; a
 * customer her own, an administrator the customer chosen above (a report is of one customer).
 */
export function ReportDownload(props: { customer: string | undefined; needsCustomer: boolean; formatMonth: (month: string) => string }) {
  const { t } = useTranslation('results');
  const months = pastMonths(new Date());
  const [month, setMonth] = useState(months[0]!);
  const search = new URLSearchParams({ month });
  if (props.customer) search.set('customer', props.customer);
  const blocked = props.needsCustomer && !props.customer;
  return (
    <Group align="flex-end" gap="sm" mb="lg" component="section" aria-label={t('report.title')}>
      <NativeSelect
        label={t('report.month')}
        data={months.map((value) => ({ value, label: props.formatMonth(value) }))}
        value={month}
        onChange={(event) => setMonth(event.currentTarget.value)}
        w={220}
      />
      {blocked ? (
        <>
          <Button variant="default" disabled aria-describedby="report-needs-customer">
            {t('report.download')}
          </Button>
          <Text size="sm" c="dimmed" id="report-needs-customer">
            {t('report.chooseCustomer')}
          </Text>
        </>
      ) : (
        <Button component="a" href={`/api/results/report.pdf?${search.toString()}`} download variant="default">
          {t('report.download')}
        </Button>
      )}
    </Group>
  );
}
