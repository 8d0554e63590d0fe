import { useTranslation } from 'react-i18next';
import { MoneyText } from '@/shared/ui/money-text';
import { useAvailableGpuConfig, type GpuConfig } from '../api/get-available-gpu-config';
import { useGpuModels } from '../api/list-gpu-models';
import { fittingModels } from '../gpu-fit';
import styles from './catalogue.module.css';

function FreeNow({ config }: { config: GpuConfig | undefined }) {
  const { t } = useTranslation('catalogue');
  if (!config) {
    return <>{t('power.none')}</>;
  }
  return config.soldOut ? (
    <span className={styles.soldOut}>{t('detail.soldOut')}</span>
  ) : (
    <span className={styles.free}>{config.freeCount}</span>
  );
}

/**
 * The GPU models with the memory an image needs, cheapest first, with their list price per hour and how many are free
 * now (a query of its own: the prices show without it).
 */
export function FittingModels({ imageId, minGpuMemoryGb }: { imageId: string; minGpuMemoryGb: number }) {
  const { t } = useTranslation('catalogue');
  const models = useGpuModels();
  const availability = useAvailableGpuConfig(imageId);
  if (!models.data) {
    return null;
  }
  const fitting = fittingModels(models.data, minGpuMemoryGb);
  if (fitting.length === 0) {
    return <p data-testid="image-models-none">{t('detail.modelsNone')}</p>;
  }
  const configOf = (gpuModel: string) => availability.data?.find((config) => config.gpuModel === gpuModel);
  return (
    <div className={styles.table}>
      <table data-testid="image-models">
        <thead>
          <tr>
            <th scope="col">{t('detail.model')}</th>
            <th scope="col">{t('power.memory')}</th>
            <th scope="col">{t('detail.perHour')}</th>
            <th scope="col">{t('detail.freeNow')}</th>
          </tr>
        </thead>
        <tbody>
          {fitting.map((model) => (
            <tr key={model.gpuModel} data-testid={`image-model-${model.gpuModel}`}>
              <th scope="row">{model.gpuModel}</th>
              <td>{t('detail.memory', { gb: model.memoryGb })}</td>
              <td>
                <MoneyText value={model.prices.minute} />
              </td>
              <td data-testid={`image-model-${model.gpuModel}-free`}>
                <FreeNow config={configOf(model.gpuModel)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
