export default async function Results({
  searchParams,
}: {
  searchParams: Promise<{ ort?: string }>;
}) {
  const { ort } = await searchParams;
  return (
    <main>
      <h1>Suchergebnisse</h1>
      <p>
        Ort: <output id="ort">{ort ?? '–'}</output>
      </p>
    </main>
  );
}
