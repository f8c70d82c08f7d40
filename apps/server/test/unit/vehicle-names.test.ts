import { describe, expect, it } from 'vitest';
import { normalizeVehicleName } from '../../src/ingestion/vehicle-names';
import { buildInventory, loadDealerships } from '../../src/demo/dealerships';

/** Issue 25 item 10: makes and models as the inventory tiles list them. */
describe('normalizeVehicleName', () => {
  it.each([
    [
      { make: 'Alfa', model: 'Romeo Giulia Base' },
      { make: 'Alfa Romeo', model: 'Giulia', trim: 'Base' },
    ],
    [
      { make: 'Alfa', model: 'Romeo Stelvio Ti' },
      { make: 'Alfa Romeo', model: 'Stelvio', trim: 'Ti' },
    ],
    [
      { make: 'Land', model: 'Rover Range Rover Sport 3.0L Supercharged HSE' },
      { make: 'Land Rover', model: 'Range Rover Sport', trim: '3.0L Supercharged HSE' },
    ],
    [
      { make: 'Mazda', model: 'CX-5 Grand Touring' },
      { make: 'Mazda', model: 'CX-5', trim: 'Grand Touring' },
    ],
    [
      { make: 'Jeep', model: 'Grand Cherokee Limited' },
      { make: 'Jeep', model: 'Grand Cherokee', trim: 'Limited' },
    ],
    [
      { make: 'Chevrolet', model: 'Silverado 1500 High Country' },
      { make: 'Chevrolet', model: 'Silverado 1500', trim: 'High Country' },
    ],
    [
      { make: 'Lexus', model: 'ES 350 Base' },
      { make: 'Lexus', model: 'ES 350', trim: 'Base' },
    ],
    [
      { make: 'Audi', model: 'Q5 45 Premium' },
      { make: 'Audi', model: 'Q5', trim: '45 Premium' },
    ],
    [
      { make: 'Tesla', model: 'Model Y Performance' },
      { make: 'Tesla', model: 'Model Y', trim: 'Performance' },
    ],
    [
      { make: 'Mercedes-Benz', model: 'C-Class C 300 4MATIC' },
      { make: 'Mercedes-Benz', model: 'C-Class', trim: 'C 300 4MATIC' },
    ],
    [
      { make: 'Lexus', model: 'RX 350' },
      { make: 'Lexus', model: 'RX 350', trim: null },
    ],
    [
      { make: 'TOYOTA', model: 'Corolla' },
      { make: 'Toyota', model: 'Corolla', trim: null },
    ],
    [
      { make: 'ram', model: '1500 Laramie' },
      { make: 'RAM', model: '1500', trim: 'Laramie' },
    ],
    // A trim the feed gives is kept; the model is left as the feed has it.
    [
      { make: 'Cadillac', model: 'ATS Sedan', trim: 'AWD' },
      { make: 'Cadillac', model: 'ATS Sedan', trim: 'AWD' },
    ],
    [
      { make: ' Honda ', model: 'Civic', trim: '' },
      { make: 'Honda', model: 'Civic', trim: null },
    ],
  ])('%o → %o', (input, expected) => {
    expect(normalizeVehicleName(input)).toEqual(expected);
    // Normalising again changes nothing (the demo files are normalised and ingested again).
    expect(normalizeVehicleName(expected)).toEqual(expected);
  });

  it('leaves no split make and no trim in a model of the demo inventory', () => {
    const vehicles = buildInventory(loadDealerships(new Map()));
    expect(vehicles.length).toBeGreaterThan(100);
    const makes = new Set(vehicles.map((v) => v.make));
    for (const half of ['Alfa', 'Land', 'Romeo', 'Rover']) expect(makes.has(half)).toBe(false);
    expect(makes.has('Alfa Romeo')).toBe(true);
    const models = new Set(vehicles.map((v) => `${v.make} ${v.model}`));
    for (const bad of ['Alfa Romeo Romeo Giulia Base', 'Mazda CX-5 Grand Touring', 'Jeep Grand Cherokee Limited'])
      expect(models.has(bad)).toBe(false);
    expect(models.has('Mazda CX-5')).toBe(true);
    expect(models.has('Alfa Romeo Giulia')).toBe(true);
  });
});
