/** Until the admin shell lands, the page says what runs and where the API is. */
export function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '4rem auto', lineHeight: 1.5 }}>
      <h1>Lead v3.0</h1>
      <p>The API server is running with its demo data at <code>/api/admin</code>.</p>
      <p>The admin screens are being built.</p>
    </main>
  );
}
