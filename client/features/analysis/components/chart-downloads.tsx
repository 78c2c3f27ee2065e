import { Download } from 'lucide-react';
import type { RefObject } from 'react';
import type { AngleChartHandle } from '../../../components/angle-chart';
import { Button } from '../../../components/ui/button';
import { downloadBlob } from '../../../lib/download-blob';

/**
 * The 'CSV' and 'Chart PNG' buttons of an angle chart (issue 19): `csv` is written only when asked
 * for, saved as `<name>.csv`; the chart as `<name>-chart.png`. Both are made in the page.
 */
export function ChartDownloads({
  name,
  csv,
  chartRef,
}: {
  name: string;
  csv: () => string;
  chartRef: RefObject<AngleChartHandle | null>;
}) {
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => downloadBlob(new Blob([csv()], { type: 'text/csv' }), `${name}.csv`)}
      >
        <Download aria-hidden="true" />
        CSV
      </Button>
      <Button
        variant="outline"
        size="sm"
        onClick={async () => {
          const blob = await chartRef.current?.toPngBlob();
          if (blob) downloadBlob(blob, `${name}-chart.png`);
        }}
      >
        <Download aria-hidden="true" />
        Chart PNG
      </Button>
    </>
  );
}
