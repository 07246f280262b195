import { useId, useState, type ReactNode } from 'react';

/**
 * A list screen's filters folded behind a «Фильтры» button on a phone (issue 27 item 9: the orders' filters took
 * ≈ 700 px of the first screen): the button says how many filters are set (`active`) and opens or closes them. On a
 * laptop the button is not shown and the filters always are (admin.css `.filter-fold`).
 */
export function FilterFold({ active, children }: { active: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <button
        type="button"
        className="button secondary filter-fold__button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        Фильтры
        {active > 0 && (
          <>
            <span className="visually-hidden">, выбрано: </span>
            <span className="filter-fold__count">{active}</span>
          </>
        )}
      </button>
      <div id={id} className="filter-fold" data-open={open || undefined}>
        {children}
      </div>
    </>
  );
}
