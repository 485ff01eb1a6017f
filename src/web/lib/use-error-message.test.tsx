import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { LOCK_MARGIN_MINUTES } from '../../domain/post.ts';
import { initI18n } from '../i18n/index.ts';
import { resources } from '../i18n/resources.ts';
import { ApiError } from './api-client.ts';
import { type ErrorDetails, useErrorMessage } from './use-error-message.ts';

function describeWith(details?: ErrorDetails) {
  const i18n = initI18n({ detect: false, resources });
  void i18n.changeLanguage('es');
  const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  return renderHook(() => useErrorMessage(details), { wrapper }).result.current;
}

const refused = new ApiError(400, 'VALIDATION_FAILED', 'Body is invalid', { title: 'titleRequired', publish_time: 'publishTimeTooSoon' });

describe('useErrorMessage', () => {
  it("says an error's code in the interface language, never the server's English message", () => {
    const describe = describeWith();
    expect(describe(new ApiError(409, 'CONFLICT', 'The project is not a draft'))).toBe('La acción no es posible en el estado actual');
    expect(describe(refused)).toBe('Revisa los datos del formulario');
  });

  it('says "Error desconocido" for a code it does not know and for what is not an API error', () => {
    const describe = describeWith();
    expect(describe(new ApiError(500, 'SOMETHING_NEW', 'Boom'))).toBe('Error desconocido');
    expect(describe(new Error('boom'))).toBe('Error desconocido');
  });

  it("with 'first', says a validation refusal's first reason, else the code", () => {
    const describe = describeWith('first');
    expect(describe(refused)).toBe('El título es obligatorio');
    expect(describe(new ApiError(400, 'VALIDATION_FAILED', 'Body is invalid', { title: 'noSuchKey' }))).toBe('Revisa los datos del formulario');
    expect(describe(new ApiError(409, 'CONFLICT', 'Changed', { images: 'imagesMismatch' }))).toBe('La acción no es posible en el estado actual');
  });

  it("with 'all', says every reason of a refusal, one a line, with the rule's numbers", () => {
    const describe = describeWith('all');
    expect(describe(refused)).toBe(`El título es obligatorio\nLa hora debe ser más de ${LOCK_MARGIN_MINUTES} minutos posterior a ahora`);
    expect(describe(new ApiError(409, 'CONFLICT', 'Changed', { images: 'imagesMismatch' }))).toBe('La lista de imágenes ha cambiado; vuelve a cargarla');
    expect(describe(new ApiError(404, 'NOT_FOUND', 'Gone'))).toBe('No se ha encontrado');
  });
});
