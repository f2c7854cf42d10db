// The line to say in an interview, closing each section, set apart so a reader can skim them.
export function SayIt({ children }: { children: string }) {
  return (
    <aside className="say-it" aria-label="Say it">
      <p>
        <span className="say-it-label">Say it</span> {children}
      </p>
    </aside>
  );
}
