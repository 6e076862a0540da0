/** Demo exchange rates (RON per unit) used until `npm run rates:update` stores the BNR ones. */
export const demoRates: { code: string; ronPerUnit: string }[] = [
  { code: 'EUR', ronPerUnit: '5.0870' },
  { code: 'USD', ronPerUnit: '4.3920' },
  { code: 'GBP', ronPerUnit: '5.8610' },
  { code: 'CHF', ronPerUnit: '5.4480' },
  { code: 'HUF', ronPerUnit: '0.012950' },
  { code: 'BGN', ronPerUnit: '2.6010' },
  { code: 'CZK', ronPerUnit: '0.2046' },
  { code: 'DKK', ronPerUnit: '0.6818' },
  { code: 'PLN', ronPerUnit: '1.1930' },
  { code: 'RSD', ronPerUnit: '0.04342' },
];
