/** Money as integer minor units plus an ISO 4217 currency: `{ amount: 12345, currency: 'EUR' }` is 123,45 €. */
export interface Money {
  amount: number;
  currency: string;
}
