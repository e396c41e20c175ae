// A question's item figures as the desk shows them, in the item analysis table and beside a challenged
// question: the responses of the upper and lower groups (the key marked ✓) and the flags in plain words.
import type { ItemStats } from '../../contracts/staff';
import { choiceLabel, ITEM_FLAG_TEXT } from '../../domain/itemAnalysis';

export function ItemChoices({ choices }: { choices: ItemStats['choices'] }) {
  return (
    <ul className="space-y-0.5 tabular-nums">
      {choices.map((choice) => (
        <li key={`${choice.option}-${choice.response}`} className={choice.key ? 'font-semibold text-green-800' : undefined}>
          {choiceLabel(choice)}
          {choice.key ? ' ✓' : ''}: {choice.upper} / {choice.lower}
        </li>
      ))}
    </ul>
  );
}

export function ItemFlags({ flags, className = 'space-y-1' }: { flags: ItemStats['flags']; className?: string }) {
  return (
    <ul className={className}>
      {flags.map((flag) => (
        <li key={flag} className="font-medium text-amber-900">
          {ITEM_FLAG_TEXT[flag]}
        </li>
      ))}
    </ul>
  );
}
