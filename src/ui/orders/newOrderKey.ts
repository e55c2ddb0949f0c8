/** The key that opens the "New order" dialog (outside text fields), as its button's tooltip says. */
export const NEW_ORDER_KEY = 'n';
