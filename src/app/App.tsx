import { sections } from './sections';

// A placeholder shell: each section gets its panel as the panels land.
export function App() {
  return (
    <main className="page">
      {sections.map((s) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="section">
          <h2 id={`${s.id}-title`}>{s.title}</h2>
          <p className="kicker">{s.kicker}</p>
        </section>
      ))}
    </main>
  );
}
