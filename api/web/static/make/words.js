// The editor's words in the page's language, from <script type="application/json" id="strings">
// (api/web/make_page.py): a message by key with its {fields} filled, or [one, more] when counted.

const element = document.getElementById("strings");
const strings = element ? JSON.parse(element.textContent) : {};

function filled(template, values) {
  return template.replace(/\{(\w+)\}/g, function (whole, name) {
    return values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
  });
}

export function t(name, values) {
  const template = strings[name];
  return filled(typeof template === "string" ? template : name, values);
}

export function tn(name, n, values) {
  const forms = strings[name];
  const template = Array.isArray(forms) ? forms[n === 1 ? 0 : forms.length - 1] : name;
  return filled(template, Object.assign({ n: n }, values || {}));
}

export function monthName(month) {
  return (strings.monthNames || [])[month - 1] || String(month);
}
