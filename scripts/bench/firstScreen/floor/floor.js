// The floor of the first-screen benchmark: the console's first page of orders as a plain table, with
// no framework. It asks exactly what the console asks on `/orders` (the days of the stored filter,
// or this week; by begin; 100 rows) with the session the console keeps in localStorage
// `cockpit.state` (or a `#token=…` fragment), and shows the console's columns.
(function () {
  'use strict';

  var COLUMNS = {
    de: ['Nummer', 'Status', 'Beginn', 'Ende', 'Station', 'Kunde', 'Kennzeichen', 'Fahrzeug', 'Preis'],
    en: ['Number', 'Status', 'Begin', 'End', 'Station', 'Customer', 'Licence plate', 'Vehicle', 'Price'],
  };
  var STATUSES = {
    de: { new: 'Neu', confirmed: 'Bestätigt', in_progress: 'In Arbeit', completed: 'Abgeschlossen', cancelled: 'Storniert' },
    en: { new: 'New', confirmed: 'Confirmed', in_progress: 'In progress', completed: 'Completed', cancelled: 'Cancelled' },
  };
  var DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

  function stored() {
    try {
      var value = JSON.parse(localStorage.getItem('cockpit.state') || '{}');
      return value && typeof value === 'object' ? value : {};
    } catch {
      return {};
    }
  }

  function pad(value) {
    return value < 10 ? '0' + value : String(value);
  }

  function localDate(date) {
    return date.getFullYear() + '-' + pad(date.getMonth() + 1) + '-' + pad(date.getDate());
  }

  function dayStart(day) {
    var match = DAY.exec(day);
    return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 0, 0, 0, 0) : null;
  }

  /** The stored days when they are a range, else this week (Monday to Sunday), as the console does. */
  function range(filter) {
    if (filter && dayStart(filter.begin) && dayStart(filter.end) && filter.begin <= filter.end) {
      return { begin: filter.begin, end: filter.end };
    }
    var now = new Date();
    var monday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7));
    return { begin: localDate(monday), end: localDate(new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 6)) };
  }

  function dateTime(iso, language) {
    var date = new Date(iso);
    var separator = language === 'en' ? '/' : '.';
    return pad(date.getDate()) + separator + pad(date.getMonth() + 1) + separator + date.getFullYear() + ' ' + pad(date.getHours()) + ':' + pad(date.getMinutes());
  }

  var money = {};
  function price(value) {
    var format = money[value.currency];
    if (!format) {
      var formatter = new Intl.NumberFormat('de-DE', { style: 'currency', currency: value.currency });
      format = { formatter: formatter, divisor: Math.pow(10, formatter.resolvedOptions().maximumFractionDigits) };
      money[value.currency] = format;
    }
    return format.formatter.format(value.amount / format.divisor);
  }

  function row(cells, tag) {
    var tr = document.createElement('tr');
    for (var i = 0; i < cells.length; i++) {
      var cell = document.createElement(tag);
      cell.textContent = cells[i];
      tr.appendChild(cell);
    }
    return tr;
  }

  var state = stored();
  var auth = state.auth || {};
  var language = auth.language === 'en' ? 'en' : 'de';
  var token = new URLSearchParams(location.hash.slice(1)).get('token') || auth.token;
  var days = range(state.orders && state.orders.filter);
  var end = dayStart(days.end);
  end.setHours(23, 59, 59, 999);
  // The console's default sort (DEFAULT_ORDER_SORT): begin, ascending.
  var query = new URLSearchParams({ begin: dayStart(days.begin).toISOString(), end: end.toISOString(), sort: 'begin', limit: '100' });
  var table = document.getElementById('orders');

  fetch('/api/orders?' + query, { headers: { Accept: 'application/json', Authorization: 'Bearer ' + token, 'x-ui-locale': language } })
    .then(function (response) {
      if (!response.ok) {
        throw new Error('GET /api/orders answered ' + response.status);
      }
      return response.json();
    })
    .then(function (page) {
      var head = document.createElement('thead');
      head.appendChild(row(COLUMNS[language], 'th'));
      var body = document.createElement('tbody');
      page.items.forEach(function (order) {
        body.appendChild(
          row(
            [
              order.number,
              STATUSES[language][order.status] || order.status,
              dateTime(order.begin, language),
              dateTime(order.end, language),
              order.station,
              order.customer.name,
              order.vehicle.licensePlate,
              order.vehicle.make + ' ' + order.vehicle.model,
              price(order.price),
            ],
            'td',
          ),
        );
      });
      table.appendChild(head);
      table.appendChild(body);
    })
    .catch(function (error) {
      document.body.setAttribute('data-error', String(error && error.message));
    });
})();
