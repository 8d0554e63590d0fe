import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGpuRegions, type GpuRegion } from '../api/list-gpu-regions';
import styles from './catalogue.module.css';
import { Panel } from './panel';

function RegionTable({ region }: { region: GpuRegion }) {
  const { t } = useTranslation('catalogue');
  return (
    <div className={styles.table} data-testid={`gpu-region-${region.id}`}>
      <table>
        <caption className={styles.caption}>
          {region.name}
          {region.simulated ? ` · ${t('power.simulated')}` : null}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('power.model')}</th>
            <th scope="col">{t('power.free')}</th>
            <th scope="col">{t('power.total')}</th>
          </tr>
        </thead>
        <tbody>
          {region.gpus.map((gpu) => (
            <tr key={gpu.gpuModel} data-testid={`gpu-region-${region.id}-${gpu.gpuModel}`}>
              <th scope="row">{gpu.gpuModel}</th>
              <td className={gpu.free > 0 ? styles.free : styles.soldOut}>{gpu.free}</td>
              <td>{gpu.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /computerPower's availability: each region's GPUs per model, free now and in all; simulated fleets say so. */
export function RegionAvailability() {
  const { t } = useTranslation('catalogue');
  const regions = useGpuRegions();
  if (regions.isError) {
    return null;
  }
  return (
    <Panel title={t('power.regions')} data-testid="gpu-regions">
      {regions.data ? (
        <div className={styles.regions}>
          {regions.data.map((region) => (
            <RegionTable key={region.id} region={region} />
          ))}
        </div>
      ) : (
        <Skeleton active />
      )}
    </Panel>
  );
}
