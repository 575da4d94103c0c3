export type EditStep = 'details' | 'graphics';

const STEPS: { step: EditStep; label: string }[] = [
  { step: 'details', label: 'Basic Details' },
  { step: 'graphics', label: 'Movies Graphics' },
];

/** The two steps of /editmovies; either can be opened directly once the title exists. */
export function StepNav({ current, onStep }: { current: EditStep; onStep: (step: EditStep) => void }) {
  return (
    <nav aria-label="Steps" className="mb-6">
      <ol className="flex flex-wrap gap-2">
        {STEPS.map(({ step, label }, index) => {
          const active = step === current;
          return (
            <li key={step}>
              <button
                type="button"
                onClick={() => onStep(step)}
                aria-current={active ? 'step' : undefined}
                className={`flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm ${active ? 'border-brand bg-brand-soft text-text' : 'border-border text-muted hover:text-text'}`}
              >
                <span
                  className={`grid size-6 place-items-center rounded-full text-xs font-bold ${active ? 'bg-brand text-white' : 'bg-surface-2'}`}
                >
                  {index + 1}
                </span>
                {label}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
