/// Certificates made once with openssl for the pin tests, and their pins computed by
/// `openssl x509 -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`:
///
/// ```
/// openssl req -x509 -newkey rsa:2048 -nodes -keyout rsa.key -out rsa.pem -days 3650 -subj "/CN=rsa.pin.test/O=JourneyTerm tests"
/// openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout ec.key -out ec.pem -days 3650 -subj "/CN=ec.pin.test/O=JourneyTerm tests"
/// ```
public enum OpenSSLCertificates {
    public static let rsaPin = "9XYMIUK/1/aZQX8D03dBbl7dZvqgTPzRouf2ZMlWUDE="
    public static let ecPin = "PGUnYyaKdyW1K9PMwZBBQm6trELfchBTrXpJFptVFfU="

    public static let rsaPEM = """
        -----BEGIN CERTIFICATE-----
        MIIDRzCCAi+gAwIBAgIUAz7o6u7I2a3SqPkdj7rlv40PaBcwDQYJKoZIhvcNAQEL
        BQAwMzEVMBMGA1UEAwwMcnNhLnBpbi50ZXN0MRowGAYDVQQKDBFKb3VybmV5VGVy
        bSB0ZXN0czAeFw0yNjExMjMwOTQ3NTZaFw0zNjExMjAwOTQ3NTZaMDMxFTATBgNV
        BAMMDHJzYS5waW4udGVzdDEaMBgGA1UECgwRSm91cm5leVRlcm0gdGVzdHMwggEi
        MA0GCSqGSIb3DQEBAQUAA4IBDwAwggEKAoIBAQCqTtVqtMQKmdwjgnlOY9Np5/Dn
        xW/1UPsrzxAghvRAiP+og9I1qZDBIDUk5hvNeD8n8SJ4xAdqufOXI9rk+MGOKrqF
        W9bYcPSYX7D4OJ9q8gjTzEI2sZmFAdCTAQY6B9JhyRJ6Gdj+QKfYnCx8EB1UILfV
        FHWPJ50RepBDbQD+qfx+i/kFrGBF1Qa3IIW/GDjYd14aPFmurnR4lAnuDgA9kf/F
        yU6gcnsvDn8X5LUEuCsP2i3ubSUMORltFjfd6txk8HqshjWZE04urGVTot+MZGWh
        NUwtkI17yPSUglap5YuO9CnCAE9YR41Q73k879bIxTctLbC/u0f1+Nuqp5SDAgMB
        AAGjUzBRMB0GA1UdDgQWBBQeQRf3Qt8Y2JxXPbySpPiiB6Gj/zAfBgNVHSMEGDAW
        gBQeQRf3Qt8Y2JxXPbySpPiiB6Gj/zAPBgNVHRMBAf8EBTADAQH/MA0GCSqGSIb3
        DQEBCwUAA4IBAQB3RilEeyXVITHNyacCRuhOWmPfZLxDRe29R0Z5ik/omptjlBu2
        EQNEJkYuoaAiC9ULE1VPflPBd3G6Wqb5Lc1d2EKXTEelO3wGxju+rP6ShswmJY8d
        AH3rcu2lwgjL7zOTRZdsZnu3zWyCbk5nSkM6i8wF7GZpMtHwgDYQ+sG8ti2fi1qn
        szAUtDyjBOzftK7IDYenND4Ivze0DDvtZD2DXRTKvSITXcdzJ3lapPrW88fbdXBk
        KhbdG+t9mVUwlbRY7ntpo9TmVleDiCyFRIWgXP+KnxpbZge4im/Ln3dA3Y3Lmsvm
        qddzL8fzR661twZe5yrBtZTmJxQfbNAsI4Dc
        -----END CERTIFICATE-----
        """

    public static let ecPEM = """
        -----BEGIN CERTIFICATE-----
        MIIBujCCAV+gAwIBAgIUH3zWel+aEBn7V6exfavi5Tsi0WkwCgYIKoZIzj0EAwIw
        MjEUMBIGA1UEAwwLZWMucGluLnRlc3QxGjAYBgNVBAoMEUpvdXJuZXlUZXJtIHRl
        c3RzMB4XDTI2MTEyMzA5NDc1NloXDTM2MTEyMDA5NDc1NlowMjEUMBIGA1UEAwwL
        ZWMucGluLnRlc3QxGjAYBgNVBAoMEUpvdXJuZXlUZXJtIHRlc3RzMFkwEwYHKoZI
        zj0CAQYIKoZIzj0DAQcDQgAE9FZR4Tr9r8bHGHk3iBbfEaYjXma4/MQaKO7jgiFY
        GwFuYOAeMhYRHYSe7+VyMLQMBIvwFmtIZXiV7na7jcZdvqNTMFEwHQYDVR0OBBYE
        FCuuLhVxokhWeoAc1fS90yt+Kd0EMB8GA1UdIwQYMBaAFCuuLhVxokhWeoAc1fS9
        0yt+Kd0EMA8GA1UdEwEB/wQFMAMBAf8wCgYIKoZIzj0EAwIDSQAwRgIhANI4B3GC
        5TcUBknXB7tnykajS4SKiHPjLuxh4edFI36DAiEAvhlxhB8cykfD5MfBxef1V4Be
        odUFmHF0KgbcJ+cvlzM=
        -----END CERTIFICATE-----
        """
}
