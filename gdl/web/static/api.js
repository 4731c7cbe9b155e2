// The page's one way to the server: the JSON API under /api (see docs/web.md).
export class ApiError extends Error {
  constructor(doc, status) { super(doc.error || `HTTP ${status}`); this.doc = doc; this.status = status; }
}

export async function call(name, body) {
  const init = body === undefined ? {} : {method: "POST", body: JSON.stringify(body),
                                          headers: {"Content-Type": "application/json"}};
  const response = await fetch(`/api/${name}`, init);
  const doc = await response.json();
  if (!response.ok) throw new ApiError(doc, response.status);
  return doc;
}
