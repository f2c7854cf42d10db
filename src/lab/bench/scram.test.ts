import { describe, expect, it } from 'vitest';
import { ScramClient, ScramError } from './scram';

// The SCRAM-SHA-256 example exchange of RFC 7677, section 3.
const CLIENT_NONCE = 'rOprNGfwEbeRWgbNEkqO';
const SERVER_FIRST =
  'r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096';
const CLIENT_FINAL =
  'c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=';
const SERVER_FINAL = 'v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=';

describe('ScramClient', () => {
  it('reproduces the RFC 7677 example exchange', () => {
    const client = new ScramClient('pencil', CLIENT_NONCE, 'user');
    expect(client.firstMessage()).toBe(`n,,n=user,r=${CLIENT_NONCE}`);
    expect(client.finalMessage(SERVER_FIRST)).toBe(CLIENT_FINAL);
    expect(() => client.verifyServer(SERVER_FINAL)).not.toThrow();
  });

  it('names the user as Postgres expects by default (n=*)', () => {
    expect(new ScramClient('pencil', CLIENT_NONCE).firstMessage()).toBe(`n,,n=*,r=${CLIENT_NONCE}`);
  });

  it('refuses a server that does not know the password', () => {
    const client = new ScramClient('not pencil', CLIENT_NONCE, 'user');
    client.finalMessage(SERVER_FIRST);
    expect(() => client.verifyServer(SERVER_FINAL)).toThrow(
      new ScramError('the server failed to prove it knows the password'),
    );
  });

  it('refuses a nonce that does not extend its own, and a malformed first message', () => {
    expect(() =>
      new ScramClient('pencil', 'abc').finalMessage('r=xyz123,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096'),
    ).toThrow("the server's SCRAM nonce does not extend the client's");
    expect(() => new ScramClient('pencil', 'abc').finalMessage('r=abc123,i=4096')).toThrow(
      'malformed',
    );
  });
});
