/** One setting chosen from a fixed list: its label, its menu, and the choice handed back only when it is on the list. */

/** Props of SettingSelect. */
export interface SettingSelectProps<T extends string> {
  label: string;
  testId: string;
  /** Every choice, in the menu's order. */
  choices: readonly T[];
  value: T;
  onChange(choice: T): void;
  /** How the menu names each choice (absent: by the choice itself). */
  words?: Readonly<Record<T, string>>;
  /** The whole menu read-only. */
  disabled?: boolean;
  /** Whether one choice can be picked here (absent: every one). */
  available?(choice: T): boolean;
}

/** The labelled menu; a value that is not one of the choices (a tampered page) changes nothing. */
export function SettingSelect<T extends string>({
  label,
  testId,
  choices,
  value,
  onChange,
  words,
  disabled = false,
  available = () => true,
}: SettingSelectProps<T>) {
  return (
    <label>
      {label}
      <select
        data-testid={testId}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          const choice = choices.find((candidate) => candidate === event.target.value);
          if (choice !== undefined) onChange(choice);
        }}
      >
        {choices.map((choice) => (
          <option key={choice} value={choice} disabled={!available(choice)}>
            {words?.[choice] ?? choice}
          </option>
        ))}
      </select>
    </label>
  );
}
