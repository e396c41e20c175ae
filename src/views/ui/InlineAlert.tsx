// A refusal shown where it happened (beside a form's button, inside a dialog): its title in bold and
// the server's further words beneath. An alert, so a screen reader says it at once.
export interface AlertWords {
  title: string;
  description?: string;
}

export function InlineAlert({ words, id }: { words: AlertWords | null; id?: string }) {
  if (!words) return null;
  return (
    <div id={id} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      <p className="font-semibold">{words.title}</p>
      {words.description && <p className="mt-0.5">{words.description}</p>}
    </div>
  );
}
