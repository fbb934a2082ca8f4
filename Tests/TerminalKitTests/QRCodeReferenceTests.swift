@testable import TerminalKit
import Testing

/// Matrices from two independent encoders, python-qrcode 8.x and segno 1.6.6, which agree
/// module for module on every case here (byte mode, fixed level and mask, smallest version).
/// segno 1.6.6 needed one correction for that: it appends a whole 0x00 codeword when the bit
/// stream already ends on a codeword boundary after the terminator (always so in byte mode),
/// where ISO/IEC 18004 §7.4.10 pads only a partial codeword; python-qrcode does not.
/// '#' is dark, '.' light, no quiet zone.
struct QRCodeReferenceTests {
    static let otpauth = "otpauth://totp/ForgeRock:demo?secret=JBSWY3DPEHPK3PXP&issuer=ForgeRock&period=30&digits=6"

    /// 241 bytes: version 11, so version information is drawn.
    static let pushauth =
        "pushauth://push/forgerock:demo?a=L2FtL2pzb24vcHVzaC9zbnM_X2FjdGlvbj1hdXRoZW50aWNhdGU&r=L2FtL2pzb" +
        "24vcHVzaC9zbnM_X2FjdGlvbj1yZWdpc3Rlcg&m=REGISTER:53b85112-8ba9-4b7e&s=dA18Iph3slIUDVuRc5&c=Yf66o" +
        "jm3Pm80PVvN&l=YW1sYmNvb2tpZT0wMQ&issuer=ForgeRock"

    /// 437 bytes, as a real registration URI is: version 16 at level M.
    static let pushauthLong =
        "pushauth://push/forgerock:demo?a=aHR0cDovL2FtLmV4YW1wbGUuY29tOjgwODAvb3BlbmFtL2pzb24vcHVzaC9zbnM" +
        "vbWVzc2FnZT9fYWN0aW9uPWF1dGhlbnRpY2F0ZQ&r=aHR0cDovL2FtLmV4YW1wbGUuY29tOjgwODAvb3BlbmFtL2pzb24vcH" +
        "VzaC9zbnMvbWVzc2FnZT9fYWN0aW9uPXJlZ2lzdGVy&b=032b75&s=dA18Iph3slIUDVuRc5-3y7nv9NLGnPksH66d3jIF6u" +
        "E&c=Yf66ojm3Pm80PVvNpljTB6X9CUhgSJ0WZUzB4su3vCY&l=YW1sYmNvb2tpZT0wMQ&m=REGISTER:53b85112-8ba9-4b" +
        "7e-9107-ecbca2d65f7b1695151603616&issuer=Rm9yZ2VSb2Nr"

    @Test func helloAtVersion1Medium() throws {
        let code = try QRCode("HELLO", errorCorrection: .medium, mask: 2)
        #expect(code.version == 1 && code.size == 21)
        expectMatrix(code, """
            #######....#..#######
            #.....#...#.#.#.....#
            #.###.#.##....#.###.#
            #.###.#.#.#.#.#.###.#
            #.###.#.##..#.#.###.#
            #.....#.####..#.....#
            #######.#.#.#.#######
            ........##...........
            #.#####...##..#####..
            .##.##.#.######..##..
            ..#####.#...#.##.###.
            .##.#....######..##..
            .#.######...#..#..#.#
            ........#.#.#..#.#...
            #######..###.#..#.##.
            #.....#.#.#....#####.
            #.###.#.##.#.#..#.##.
            #.###.#.##.#####.#...
            #.###.#.##..#.##..#..
            #.....#..######.###..
            #######.##..#...#.##.
            """)
    }

    @Test func otpauthURIAtVersion6HasAlignmentPatterns() throws {
        let code = try QRCode(Self.otpauth, errorCorrection: .medium, mask: 5)
        #expect(code.version == 6 && code.size == 41)
        expectMatrix(code, """
            #######.....#.#.#...###...#..##...#######
            #.....#.#....###.#......###..#....#.....#
            #.###.#.#####..#.##.###.##....###.#.###.#
            #.###.#.#..##.#.#.....#.#.....#...#.###.#
            #.###.#....#.###.##.###....######.#.###.#
            #.....#...##..#.###.###.#...##..#.#.....#
            #######.#.#.#.#.#.#.#.#.#.#.#.#.#.#######
            ........##...#.##..#..#.#..#....#........
            #.....#.#.##..#.###...#.##.####..##..###.
            .#.......#.#.#.##..#..##..##..###..###...
            #..####..#.###..#.#.###.####.....######..
            ..##.#.##......#..##..###.#.#.##.#.###..#
            ..#.######.#.#...#.#.#.###.#..#...##....#
            .##........#.###.#.......##..#.#.######.#
            ####..##..#...#.....##########..#..#.#...
            ...###...#####......#..#....#....##.###..
            ..#.########....###...##.#####.#...#..#..
            ##..##.....##.##...#####....##..#####.#.#
            ###..##..##.##...###...#####...#..#.#.#.#
            ###.#....#...#.##..###.#..#.###.##..##.#.
            #####.#.##.##...#.#####....##..#.....##..
            ....##.#.##.####.#.##.#..#...###...####..
            #.#...###.###..####.###.####.#.....#.....
            .....#..##..###.#.##..#...##...#.#.###.#.
            .####.#####....##...##.#.#.#...#..#..#.#.
            .#...#..####..#..#######.#.###.#.#####..#
            #..####.#.#.#...#.#.##.....##......#...#.
            #.#.....##.#.#....##..##...#....#.#.###.#
            ...#.####.#.#####..#.###.#.....##..#.###.
            #..##....#.##.###...#.#.#.#.#.##.######.#
            ##.####.#...#####.#.#.##..#.#.##..#....##
            #.#..#.#.#.#.#.....##...#.###.##...#.....
            #..#.###..#.#.######..#.###..#..########.
            ........#.#..##.##.#..######..###...#.#..
            #######..##.#.##.#..##...####.###.#.###..
            #.....#..#..#...###...####.##...#...##...
            #.###.#..#....####..###.##.##########...#
            #.###.#..##.#####.#.#.#.....#...##....##.
            #.###.#...#...#.#........###.....#####...
            #.....#....##.#.###.#.###.###.##..#.###.#
            #######.##..#...##....#.###..#.#..#.#.#..
            """)
    }

    @Test func pushauthURIAtVersion11HasVersionInformation() throws {
        let code = try QRCode(Self.pushauth, errorCorrection: .medium, mask: 6)
        #expect(code.version == 11 && code.size == 61)
        expectMatrix(code, """
            #######.##....##..#.#....##..####.##..#######.####.##.#######
            #.....#.#....#..#.#..#....#.#..##.###.##.#.#...##..##.#.....#
            #.###.#.####.#..###.#.####...##.#.#.......#.###.#####.#.###.#
            #.###.#......#.#.....#..######...#.####.#####.#####.#.#.###.#
            #.###.#.#.####.###....####..#####..#.##.#####..##.##..#.###.#
            #.....#.....#.###.#####.#...#...#...###.##...##.#.#...#.....#
            #######.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#######
            .........#.#.#....####.######...#####.#.#.#.###....##........
            #..######.#.##..###....##...#########...#......##.#..#..#.###
            #..##.....#..#..#..##...##..#.##..##.##.###.###...#.###...###
            .####.##.########.#....##...##..#.#.#..#.#...##.#..#####....#
            #.#.....##..#..##.#.##.##.#.#.#.#####....####.##.#..##.##.###
            ..#.#.#.#.#..#.###......####.##.#.#.#.#.##..##.###..#.#.#..#.
            #.#.#..#.#...#..###..####......##..##.#..##.##..#.##.##.###.#
            .#.#.##.#...###.#...#.#.##...##..#.#....#....#...##.##.#.#.##
            ..####.#....#.#...#.#.##..######.#....#....#####.#.#..###.###
            .#..#.##..#.##...#...#..#####.###...##....###.#.##.#..#######
            ###..#..#..##..#..#...###.#.#.###.##.#.##.##.#####.#####..#..
            ##....#....##.###..#.#..###..#.##..##.#.#.#..#..#.##...#.##.#
            #####..#.####..##......##.#..####.....#...##......#..###.#.##
            ###.#.#######..##...#.##.#.#....#...###.##....###.##.#......#
            #..#.#....###.#..#...#.#.##.##.#..#########.#.#####.#.#...#.#
            ...#..#.....##.##..##.#.###..#..#.#.##......#.#....##...#.#.#
            #.#.#..#....#...#.#...###.#.#....###......###..#.##...###.##.
            #.#...#...#..###..#.###.#.#.###...####..##.###..##.#..###...#
            ###....######...##.##.#.##....##.#.#.##..###.#....##.##..#.#.
            #.#####.#.###...####.#.####...#...###.###..##.#...#.##.#.#..#
            .#..##.....##..#.#..#...#...####..#.##.#.#.#####.#...#...####
            .##########..#.##.##.#..###.#######.####...####.##.######.###
            .##.#...#.##..#########.#.#.#...######.##.#..#####.##...#.###
            ##..#.#.###.###.#....#.##.#.#.#.###.##..##..##......#.#.##..#
            #.###...###........#....#.###...##.#..#.##.#..#..#..#...#..#.
            .#..#####..#.###..#..###.#..######..#.#.##...#.###########..#
            #.##...#...#.##.##..##..##...#..#######..###..##.##..######..
            .###.##.#####..#.#...#####.##.##..###.###.###.###..#..#..##.#
            #.##.....###.#.##..#..##.#...#...#.....#.#...#....#...#..###.
            ..#####..##.#..##..##.#..###..##..#.##..##..###.######.#.#.#.
            ##.###..####..###.#.##.##..#.#..##.#..#####..#...####...##.#.
            ..#.####.#.#...##..####.#.###.##..##.######.....#.#..###..##.
            #.#..#.###.##....##...###....#.###.#.####.##..##.####....##.#
            #.###.#.#######.#.##...###..#.###..####....##..#####.#.##.###
            ###.#...########..#...#....##.##.##..#.##.##..#.....#.##.....
            ..#.#####.##..#...#.#.##.####..##.###.##.#.#...###...##.#.#.#
            .....#.#..##.#..##...#.#...#.#..#......##..#.#....##.....#...
            ..##.##..#.#........#####..####..#.##...###..########.###..##
            .#.##..###..##.....#.####.#....#.###.##.###...#..##.#####..#.
            #.##.##.##.###.######..##.#..##.#####.#.....#.#.#...#.#.#####
            ##.#.............#.##.###.##..##.###.###.##.##.#........###.#
            ..###.##.#.#####.#####...##.######..#..##...#...####..####..#
            ..#.##.#.#.#...##.###.#.#..####.##..##########.#..##..#.###..
            ..#######.#...##.##......#.##..##.....#.#..##..##.##.##...###
            ###.#..####..##.#..##.#.##.##..##.#..#.#......##.####...#.#..
            ####..##...#..##.#.##.#..##.#######.#..#.#.##...#.#######.#.#
            ........#..#......#.#.###.#.#...#.#..#.#..#.###.##.##...##...
            #######.#.####.#.#..####.#.##.#.#....#.#..####..#####.#.###.#
            #.....#.###.#.#..###....#####...#......####..#.#.####...#....
            #.###.#.#..##.###.###.####.#######.###..##...#..###.#####..##
            #.###.#.##..#..##......###..####.##..###.##.###..##..#....#.#
            #.###.#..#####...##.#####.#..#.#.#..#..#.#..#####.#....##.###
            #.....#..####..##.####.#.#..#.#.#..#....#........#....#.#####
            #######.#..#.#..######..###.###.#.#.##..###.###.##.##.##.#..#
            """)
    }

    /// FNV-1a (64-bit) over the modules, row by row, 1 for dark, of the reference matrices for
    /// bytes (i × 73 + 41) mod 256: every level, every mask, versions 1 to 40 including each
    /// level's largest payload, both character count widths.
    static let digests: [(length: Int, level: QRCode.ErrorCorrection, mask: Int, version: Int, digest: UInt64)] = [
        (0, .low, 0, 1, 0x64127D929F7CEED1),
        (17, .low, 1, 1, 0x469578379C10A259),
        (7, .high, 2, 1, 0x4AAAE700745DE3AF),
        (14, .medium, 3, 1, 0xC93936594E5EBA83),
        (15, .medium, 4, 2, 0xFBE1DCD39C9E2AF1),
        (61, .quartile, 5, 6, 0x41F21691B783B74E),
        (100, .high, 6, 10, 0xB626F18945F0901D),
        (154, .low, 7, 7, 0xBF40F459D7D3BA15),
        (180, .medium, 0, 9, 0x8F5D8CC6ABE8831D),
        (181, .medium, 1, 10, 0x4D7486C4FDEA32B8),
        (300, .quartile, 2, 16, 0x047E325C691AE27E),
        (500, .high, 3, 24, 0x18E237E7BFAA3D13),
        (700, .low, 4, 18, 0x6846D64C0F82E500),
        (1000, .medium, 5, 26, 0xFBC9BCB985CF07C2),
        (1273, .high, 6, 40, 0x47FFA3117BC2F7CD),
        (1663, .quartile, 7, 40, 0xB12F1BE7B8686F99),
        (2331, .medium, 0, 40, 0x80624C2EDED16B1B),
        (2953, .low, 1, 40, 0x63CF03CB88D4FE40),
        (2000, .low, 2, 33, 0x7126E8BA9868647C),
        (1500, .quartile, 3, 39, 0xC19975BE6ED4549E),
    ]

    @Test func matchesReferenceDigestsFromVersion1To40() throws {
        for (length, level, mask, version, digest) in Self.digests {
            let bytes = (0..<length).map { UInt8(($0 * 73 + 41) & 0xFF) }
            let code = try QRCode(bytes: bytes, errorCorrection: level, mask: mask)
            #expect(code.version == version, "\(length) bytes at \(level.letter)")
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for y in 0..<code.size {
                for x in 0..<code.size { hash = (hash ^ (code[x, y] ? 1 : 0)) &* 0x100_0000_01B3 }
            }
            #expect(hash == digest, "\(length) bytes at \(level.letter), mask \(mask)")
        }
    }

    /// The automatic choice. segno's penalty rules applied to these complete symbols pick the
    /// same masks (HELLO 3, otpauth 4, pushauth 3, long pushauth 2). segno itself picks 2 for
    /// HELLO because it scores the symbol with the format information still blank, where
    /// ISO/IEC 18004:2015 §7.8.3.1 evaluates the complete symbol.
    @Test func automaticMaskHasTheLowestPenalty() throws {
        for (text, mask) in [("HELLO", 3), (Self.otpauth, 4), (Self.pushauth, 3), (Self.pushauthLong, 2)] {
            let code = try QRCode(text)
            #expect(code.mask == mask, "\(text.utf8.count) bytes")
            let forced = try QRCode(text, errorCorrection: .medium, mask: mask)
            #expect(code == forced)
        }
        #expect(try QRCode(Self.pushauthLong).version == 16)
    }

    private func expectMatrix(_ code: QRCode, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let rows = expected.split(separator: "\n").map(String.init)
        #expect(rows.count == code.size, sourceLocation: sourceLocation)
        let actual = (0..<code.size).map { y in String((0..<code.size).map { code[$0, y] ? "#" : "." }) }
        for (y, row) in rows.enumerated() where y < actual.count {
            #expect(actual[y] == row, "row \(y)", sourceLocation: sourceLocation)
        }
    }
}
