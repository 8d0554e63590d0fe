import { Segmented } from 'antd';

interface StateFilterProps<State extends string> {
  states: readonly State[];
  value: State;
  onChange: (state: State) => void;
  label: string;
  labelOf: (state: State) => string;
  /** Each option's test id is `<testIdPrefix>-<state>`. */
  testIdPrefix: string;
}

/** The states a desk's list shows one at a time (waiting first), above its table. */
export function StateFilter<State extends string>(props: StateFilterProps<State>) {
  const { states, value, onChange, label, labelOf, testIdPrefix } = props;
  return (
    <Segmented<State>
      value={value}
      onChange={onChange}
      options={states.map((state) => ({
        value: state,
        label: <span data-testid={`${testIdPrefix}-${state}`}>{labelOf(state)}</span>,
      }))}
      aria-label={label}
    />
  );
}
