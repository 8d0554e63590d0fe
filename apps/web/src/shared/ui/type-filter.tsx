import { Segmented } from 'antd';
import styles from './card-catalogue.module.css';

const ALL = 'all';

interface TypeFilterProps {
  /** The types after "All", each with the test id of its option. */
  types: readonly { id: string; name: string; testId: string }[];
  typeId: string | undefined;
  /** Undefined for "All". */
  onChange: (typeId: string | undefined) => void;
  allLabel: string;
  label: string;
  /** `<prefix>s` on the control and `<prefix>-all` on "All". */
  testIdPrefix: string;
}

/** A catalogue's types, "All" first, in a row that scrolls sideways on a narrow screen. */
export function TypeFilter({ types, typeId, onChange, allLabel, label, testIdPrefix }: TypeFilterProps) {
  const options = [
    { value: ALL, label: <span data-testid={`${testIdPrefix}-all`}>{allLabel}</span> },
    ...types.map((type) => ({ value: type.id, label: <span data-testid={type.testId}>{type.name}</span> })),
  ];
  return (
    <div className={styles.filterScroll}>
      <Segmented<string>
        value={typeId ?? ALL}
        onChange={(value) => onChange(value === ALL ? undefined : value)}
        options={options}
        aria-label={label}
        data-testid={`${testIdPrefix}s`}
      />
    </div>
  );
}
