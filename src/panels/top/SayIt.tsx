// The line to say in an interview, closing each section, set apart so a reader can skim them.
export function SayIt({ children }: { children: string }) {
  return (
    // A note, not a landmark: eleven asides named alike made the landmark list longer than the
    // contents, and none of them is a place one would jump to.
    <div className="say-it" role="note" aria-label="Say it">
      <p>
        <span className="say-it-label">Say it</span> {children}
      </p>
    </div>
  );
}
