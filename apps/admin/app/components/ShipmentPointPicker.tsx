import { useState } from 'react';
import type { CarrierCitySetting, CarrierOffice } from '@kiim/contract';
import { adminApi } from '../lib/api.ts';
import { attempt } from '../lib/form.ts';
import { FormAlert } from './Form.tsx';

/** The list of the city's CDEK offices that accept parcels, and «Сохранить пункт». */
function OfficeChoice(p: {
  offices: CarrierOffice[];
  chosen: string;
  onChoose: (code: string) => void;
  disabled: boolean;
  onSave: () => void;
}) {
  return (
    <div className="filters shipment-point__choice">
      <label>
        Пункт приёма{' '}
        <select value={p.chosen} onChange={(e) => p.onChoose(e.target.value)}>
          <option value="">— выберите —</option>
          {p.offices.map((o) => (
            <option key={o.code} value={o.code}>
              {o.title}, {o.address} ({o.code})
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="button small" disabled={p.disabled} onClick={p.onSave}>
        Сохранить пункт
      </button>
    </div>
  );
}

/**
 * A warehouse city's shipment point on «Доставка СДЭК» (issue 34 item 6, decision 074): the CDEK office the shop
 * hands its parcels in at. Staff open the carrier's offices of the city (`GET …/offices`), pick one and save
 * (`PUT …/shipment-point`; the server checks it again and audits), or remove it (CDEK then collects from the
 * city). Shown once the city has a saved CDEK code.
 */
export function ShipmentPointPicker({ city }: { city: CarrierCitySetting }) {
  const [point, setPoint] = useState(city.shipmentPoint);
  const [offices, setOffices] = useState<CarrierOffice[] | null>(null);
  const [chosen, setChosen] = useState(city.shipmentPoint ?? '');
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  if (city.cdekCode === null) return null;
  const run = async <T,>(send: () => Promise<T>, then: (data: T) => void) => {
    setBusy(true);
    setError('');
    setSaved(false);
    const r = await attempt(send);
    setBusy(false);
    if (r.ok) then(r.data);
    else setError(Object.values(r.errors)[0] ?? 'Не получилось. Попробуйте ещё раз');
  };
  const load = () =>
    run(
      () => adminApi<{ items: CarrierOffice[] }>('GET', `/shipping/cities/${city.id}/offices`),
      (d) => setOffices(d.items),
    );
  const save = (code: string | null) =>
    run(
      () => adminApi<CarrierCitySetting>('PUT', `/shipping/cities/${city.id}/shipment-point`, { code }),
      (d) => {
        setPoint(d.shipmentPoint);
        setChosen(d.shipmentPoint ?? '');
        setSaved(true);
      },
    );
  return (
    <div className="shipment-point" data-testid="shipment-point">
      <p>
        Пункт приёма посылок СДЭК:{' '}
        <strong data-testid="shipment-point-code">{point ?? 'не выбран — СДЭК забирает посылки сам'}</strong>{' '}
        {point && (
          <button
            type="button"
            className="button small secondary"
            disabled={busy}
            onClick={() => void save(null)}
          >
            Убрать пункт
          </button>
        )}
      </p>
      {!offices && (
        <button type="button" className="button small secondary" disabled={busy} onClick={() => void load()}>
          Выбрать пункт приёма СДЭК
        </button>
      )}
      {offices && offices.length === 0 && (
        <p className="hint">У СДЭК в этом городе нет пунктов, принимающих посылки.</p>
      )}
      {offices && offices.length > 0 && (
        <OfficeChoice
          offices={offices}
          chosen={chosen}
          onChoose={setChosen}
          disabled={busy || !chosen || chosen === point}
          onSave={() => void save(chosen)}
        />
      )}
      <FormAlert message={error} />
      {saved && (
        <span role="status" className="notice">
          Пункт сохранён
        </span>
      )}
    </div>
  );
}
